/**
 * Who gets what of a card payment made on the platform (Stripe destination charges). Pure.
 *
 * The charge is the platform's; `transfer_data.destination` sends it to the order's owner (the
 * supplier for a resale) less `application_fee_amount`, which the platform keeps: its plan fee
 * and, for a resale, the reseller's commission, which the platform then transfers to the reseller
 * (`source_transaction` = the charge, so it moves only once the charge's money is there).
 */
export type SplitPart = {
  role: 'owner' | 'reseller' | 'platform';
  account_id: string | null;
  external_account_id: string | null;
  amount: number;
};

/**
 * The platform's fee (the owner's plan's `platform_fee_bp` of the amount, rounded to the nearest
 * minor unit) and the reseller's commission — bounded by what is left of the amount after the fee
 * (a small deposit cannot pay out more than it took).
 */
export const splitOf = (input: {
  amountMinor: number;
  feeBp: number;
  owner: { accountId: string; externalAccountId: string };
  reseller?: { accountId: string; externalAccountId: string; commissionMinor: number } | null;
}): { applicationFee: number; parts: SplitPart[] } => {
  const fee = Math.min(input.amountMinor, Math.max(0, Math.round((input.amountMinor * input.feeBp) / 10_000)));
  const commission = input.reseller ? Math.max(0, Math.min(input.reseller.commissionMinor, input.amountMinor - fee)) : 0;
  const parts: SplitPart[] = [
    {
      role: 'owner',
      account_id: input.owner.accountId,
      external_account_id: input.owner.externalAccountId,
      amount: input.amountMinor - fee - commission,
    },
    { role: 'platform', account_id: null, external_account_id: null, amount: fee },
  ];
  if (input.reseller && commission > 0) {
    parts.push({
      role: 'reseller',
      account_id: input.reseller.accountId,
      external_account_id: input.reseller.externalAccountId,
      amount: commission,
    });
  }
  return { applicationFee: fee + commission, parts };
};

/** The reseller's part of a split, if any. */
export const resellerPart = (parts: readonly SplitPart[]) => parts.find((p) => p.role === 'reseller' && p.amount > 0) ?? null;

/**
 * What of a transfer goes back when part of the charge is refunded: the same share of it, never
 * more than is left of it.
 */
export const reversalFor = (input: {
  transferMinor: number;
  reversedMinor: number;
  chargeMinor: number;
  refundMinor: number;
}) => {
  if (input.chargeMinor <= 0) return 0;
  const share = Math.round((input.transferMinor * input.refundMinor) / input.chargeMinor);
  return Math.max(0, Math.min(share, input.transferMinor - input.reversedMinor));
};
