import { randomUUID } from 'node:crypto';
import { experiences } from '../db/schema/catalog.ts';
import type { TestApp } from './app.ts';
import type { TestAccount } from './factories.ts';

/** An offer of the account, inserted directly (Draft unless overridden). */
export const createExperience = async (
  t: TestApp,
  account: TestAccount,
  overrides: Partial<typeof experiences.$inferInsert> = {},
) => {
  const [row] = await t.db
    .insert(experiences)
    .values({
      accountId: account.account.id,
      type: 'ticket',
      title: `Offer ${randomUUID().slice(0, 8)}`,
      timeZone: 'Europe/Berlin',
      ...overrides,
    })
    .returning();
  return row;
};
