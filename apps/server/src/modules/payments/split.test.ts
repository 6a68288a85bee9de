import { describe, expect, it } from 'vitest';
import { resellerPart, reversalFor, splitOf } from './split.ts';

const owner = { accountId: 'o', externalAccountId: 'acct_o' };

describe('splitOf', () => {
  it('keeps the plan fee for the platform and sends the rest to the owner', () => {
    const { applicationFee, parts } = splitOf({ amountMinor: 10_000, feeBp: 300, owner });
    expect(applicationFee).toBe(300);
    expect(parts).toEqual([
      { role: 'owner', account_id: 'o', external_account_id: 'acct_o', amount: 9_700 },
      { role: 'platform', account_id: null, external_account_id: null, amount: 300 },
    ]);
    expect(resellerPart(parts)).toBeNull();
  });

  it("adds a resale's commission to the application fee, bounded by what is left after the fee", () => {
    const reseller = { accountId: 'r', externalAccountId: 'acct_r', commissionMinor: 1_500 };
    const full = splitOf({ amountMinor: 10_000, feeBp: 100, owner, reseller });
    expect(full.applicationFee).toBe(1_600);
    expect(resellerPart(full.parts)?.amount).toBe(1_500);
    expect(full.parts.reduce((s, p) => s + p.amount, 0)).toBe(10_000);
    const deposit = splitOf({ amountMinor: 1_000, feeBp: 300, owner, reseller });
    expect(deposit.applicationFee).toBe(1_000);
    expect(resellerPart(deposit.parts)?.amount).toBe(970);
    expect(deposit.parts.find((p) => p.role === 'owner')?.amount).toBe(0);
  });
});

describe('reversalFor', () => {
  it('reverses the refunded share of a transfer, never more than is left', () => {
    expect(reversalFor({ transferMinor: 1_500, reversedMinor: 0, chargeMinor: 10_000, refundMinor: 5_000 })).toBe(750);
    expect(reversalFor({ transferMinor: 1_500, reversedMinor: 1_000, chargeMinor: 10_000, refundMinor: 10_000 })).toBe(500);
    expect(reversalFor({ transferMinor: 1_500, reversedMinor: 0, chargeMinor: 0, refundMinor: 10 })).toBe(0);
  });
});
