import { invalid } from '../../http/app-error.ts';

/** Where a person chooses a plan: the plans page of their account type (specification §2). */
export const plansPathOf = (type: 'supplier' | 'affiliate') => `/settings/subscription/${type}-plans`;

const PROBE_ORIGIN = 'http://return-path.invalid';

/**
 * A return path after paying: a path of this site only. The contract already refuses anything not
 * starting with one `/`; a backslash (browsers read `/\evil.example` as `//evil.example`), white
 * space or control characters are refused here, and the path must stay on the same origin.
 */
export const checkedReturnPath = (path: string) => {
  const refuse = () => invalid('return_path', 'Give a path of this site, such as /settings/subscription/supplier-plans.');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!path.startsWith('/') || path.startsWith('//') || /[\\\s\u0000-\u001f\u007f]/.test(path)) throw refuse();
  const url = new URL(path, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) throw refuse();
  return url.pathname + url.search + url.hash;
};

/** The path with `?subscription=<outcome>` (kept with any query it had). */
export const withOutcome = (path: string, outcome: 'success' | 'canceled') => {
  const url = new URL(path, PROBE_ORIGIN);
  url.searchParams.set('subscription', outcome);
  return url.pathname + url.search + url.hash;
};
