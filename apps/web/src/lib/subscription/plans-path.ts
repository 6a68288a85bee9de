import type { AccountType } from '@excursio/contract/auth';

export const SUPPLIER_PLANS_PATH = '/settings/subscription/supplier-plans';
export const AFFILIATE_PLANS_PATH = '/settings/subscription/affiliate-plans';

/** The query parameter that carries the page to come back to after a plan change. */
export const RETURN_PATH_PARAM = 'return_path';

/**
 * A path of this app, or nothing: what `subscriptionChangeInput.return_path` accepts (starts with
 * one '/', at most 500 characters). A full URL, '//host' or '/\host' would leave the site.
 */
export const safeReturnPath = (raw: string | null | undefined): string | undefined => {
  if (!raw || raw.length > 500) return undefined;
  if (!/^\/(?![/\\])/.test(raw) || /[\s\\]/.test(raw)) return undefined;
  return raw;
};

/**
 * The plans page for the account (affiliates have their own plans), with the page to come back to
 * after paying. Specification §2: the guard's 'Upgrade now' leads to the plans page.
 */
export const plansPath = (accountType: AccountType | undefined, returnPath?: string) => {
  const base = accountType === 'affiliate' ? AFFILIATE_PLANS_PATH : SUPPLIER_PLANS_PATH;
  const back = safeReturnPath(returnPath);
  return back ? `${base}?${new URLSearchParams({ [RETURN_PATH_PARAM]: back })}` : base;
};
