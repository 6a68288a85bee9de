import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import de from './locales/de.ts';
import en from './locales/en.ts';
import { policyInWords, policySentences } from './policy.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: en }, de: { translation: de } },
    interpolation: { escapeValue: false },
  });
});

describe('cancellation policy in words', () => {
  it('says free cancellation, the partial refund and then none', () => {
    const tiers = [
      { hours_before: 6, refund_percent: 50 },
      { hours_before: 24, refund_percent: 100 },
    ];
    expect(policyInWords(tiers, i18n.getFixedT('en'))).toEqual([
      'Free cancellation up to 24 hours before the start',
      '50 % refund up to 6 hours before the start',
      'No refund after that',
    ]);
    expect(policyInWords(tiers, i18n.getFixedT('de'))).toEqual([
      'Kostenlose Stornierung bis 24 Stunden vor Beginn',
      '50 % Erstattung bis 6 Stunden vor Beginn',
      'Danach keine Erstattung',
    ]);
  });

  it('uses days from two whole days, one hour in the singular, and the start for 0 hours', () => {
    const t = i18n.getFixedT('en');
    expect(policyInWords([{ hours_before: 72, refund_percent: 100 }], t)).toEqual([
      'Free cancellation up to 3 days before the start',
      'No refund after that',
    ]);
    expect(policyInWords([{ hours_before: 1, refund_percent: 100 }], t)[0]).toBe(
      'Free cancellation up to 1 hour before the start',
    );
    expect(
      policyInWords(
        [
          { hours_before: 48, refund_percent: 100 },
          { hours_before: 0, refund_percent: 50 },
        ],
        t,
      ),
    ).toEqual(['Free cancellation up to 2 days before the start', '50 % refund up to the start']);
  });

  it('leaves out tiers without a refund and says so when nothing is refunded', () => {
    expect(
      policySentences([
        { hours_before: 24, refund_percent: 100 },
        { hours_before: 2, refund_percent: 0 },
      ]).map((s) => s.key),
    ).toEqual(['policy.free', 'policy.noRefundAfter']);
    expect(policyInWords([], i18n.getFixedT('en'))).toEqual(['No refund on cancellation']);
    expect(policyInWords([{ hours_before: 24, refund_percent: 0 }], i18n.getFixedT('en'))).toEqual(['No refund on cancellation']);
  });
});
