import type { PaymentConnection, PaymentMismatch } from '@excursio/contract/payments';

/** How the page names the provider. */
export const providerName = (connection: Pick<PaymentConnection, 'provider'>) =>
  connection.provider === 'stripe' ? 'Stripe' : 'Test mode provider';

export const STATUS_BADGES: Record<PaymentConnection['status'], { label: string; color: string }> = {
  not_connected: { label: 'Not connected', color: 'gray' },
  incomplete: { label: 'Incomplete', color: 'orange' },
  connected: { label: 'Connected', color: 'teal' },
};

/** The provider's three flags, in onboarding order, with what each one means while it is missing. */
export const CONNECTION_CHECKS = [
  { key: 'details_submitted', label: 'Details submitted', missing: 'Your business and bank details are not complete yet.' },
  { key: 'charges_enabled', label: 'Charges enabled', missing: 'The provider does not accept card payments for you yet.' },
  { key: 'payouts_enabled', label: 'Payouts enabled', missing: 'The provider cannot pay out to your bank account yet.' },
] as const satisfies readonly { key: keyof PaymentConnection; label: string; missing: string }[];

export const missingChecks = (connection: PaymentConnection) => CONNECTION_CHECKS.filter((check) => !connection[check.key]);

/**
 * The return from the provider's onboarding (`GET /api/stripe/oauth/` redirects here with
 * `?connected=1` or `?error=<code>`): what to tell the person.
 */
export const returnNotice = (values: Record<string, string>): { ok: boolean; message: string } | null => {
  switch (values.error) {
    case undefined:
    case '':
      return values.connected ? { ok: true, message: 'Payment provider connected.' } : null;
    case 'access_denied':
      return { ok: false, message: 'Connecting was canceled: nothing changed.' };
    case 'invalid_state':
      return { ok: false, message: 'That connection link has expired or was already used. Please connect again.' };
    case 'incomplete':
      return { ok: false, message: 'The provider still needs some details: continue onboarding to finish.' };
    case 'provider_error':
      return { ok: false, message: 'The payment provider did not answer. Nothing was changed: please try again.' };
    default:
      return { ok: false, message: `The payment provider could not be connected (${values.error}). Please try again.` };
  }
};

export const MISMATCH_KINDS: Record<PaymentMismatch['kind'], string> = {
  missing_here: 'Not recorded here',
  missing_there: 'Unknown to the provider',
  amount_differs: 'Amount differs',
  status_differs: 'Status differs',
};
