/** A cancellation policy's tiers as sentences a visitor reads (i18n keys with their values). */

export type RefundTier = { hours_before: number; refund_percent: number };
export type PolicySentence = { key: string; values: Record<string, string | number> };
type Translate = (key: string, values?: Record<string, unknown>) => string;

/** 6 → "6 hours", 72 → "3 days" (whole days from two days on). */
export const hoursInWords = (hours: number, t: Translate) =>
  hours >= 48 && hours % 24 === 0 ? t('time.days', { count: hours / 24 }) : t('time.hours', { count: hours });

/**
 * Tiers mean: cancelled at least `hours_before` hours before the start → `refund_percent` back;
 * later than the last tier → nothing. E.g. [{24, 100}, {6, 50}] → "Free cancellation up to 24 hours
 * before the start", "50 % refund up to 6 hours before the start", "No refund after that".
 */
export const policySentences = (tiers: readonly RefundTier[]): PolicySentence[] => {
  const ordered = [...tiers].sort((a, b) => b.hours_before - a.hours_before);
  // Tiers without a refund say nothing that "no refund after that" does not already say.
  while (ordered.length > 0 && ordered[ordered.length - 1].refund_percent <= 0) ordered.pop();
  if (ordered.length === 0) return [{ key: 'policy.noRefund', values: {} }];
  const sentences = ordered.map(({ hours_before, refund_percent }): PolicySentence => {
    const full = refund_percent >= 100;
    if (hours_before === 0) {
      return full
        ? { key: 'policy.freeUntilStart', values: {} }
        : { key: 'policy.partialUntilStart', values: { percent: refund_percent } };
    }
    return full
      ? { key: 'policy.free', values: { hours: hours_before } }
      : { key: 'policy.partial', values: { percent: refund_percent, hours: hours_before } };
  });
  if (ordered[ordered.length - 1].hours_before > 0) sentences.push({ key: 'policy.noRefundAfter', values: {} });
  return sentences;
};

/** The sentences in the visitor's language. */
export const policyInWords = (tiers: readonly RefundTier[], t: Translate): string[] =>
  policySentences(tiers).map(({ key, values }) =>
    t(key, { ...values, time: typeof values.hours === 'number' ? hoursInWords(values.hours, t) : undefined }),
  );
