import type { Config } from '../config.ts';
import { fetchJson } from './outbound.ts';

export type RecaptchaOutcome = { success: boolean; score: number | null };

/** reCAPTCHA is on when the server has both keys; stores can then ask for it. */
export const recaptchaConfigured = (config: Config) => Boolean(config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET_KEY);

/**
 * Verifies a token with the configured service (allow-listed host, timeout, no redirects). A v3
 * answer passes at `RECAPTCHA_MIN_SCORE` or above; a v2 answer has no score. Any failure to reach
 * the service counts as not verified (the order is refused, never let through unchecked).
 */
export const verifyRecaptcha = async (config: Config, token: string, remoteIp: string | null): Promise<RecaptchaOutcome> => {
  if (!config.RECAPTCHA_SECRET_KEY) return { success: false, score: null };
  try {
    const answer = (await fetchJson(new URL(config.RECAPTCHA_VERIFY_URL), {
      allowedHosts: config.RECAPTCHA_ALLOWED_HOSTS,
      timeoutMs: config.OUTBOUND_TIMEOUT_MS,
      form: { secret: config.RECAPTCHA_SECRET_KEY, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) },
    })) as { success?: unknown; score?: unknown };
    const score = typeof answer.score === 'number' ? answer.score : null;
    return { success: answer.success === true && (score === null || score >= config.RECAPTCHA_MIN_SCORE), score };
  } catch {
    return { success: false, score: null };
  }
};
