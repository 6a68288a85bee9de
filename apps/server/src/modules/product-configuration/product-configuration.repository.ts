import type { Profile } from '@excursio/contract/accounts';
import type { DateFormat } from '@excursio/contract/product-configuration';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { productConfigurations } from '../../db/schema/product-configuration.ts';

export type ConfigurationRow = typeof productConfigurations.$inferSelect;
export type ConfigurationValues = Omit<typeof productConfigurations.$inferInsert, 'accountId' | 'updatedAt'>;

/** The organization's profile, hold time and saved configuration (null until first saved). */
export const readConfiguration = async (db: Executor, accountId: string) => {
  const [row] = await db
    .select({
      profile: baseAccounts.profile,
      holdMinutes: baseAccounts.holdMinutes,
      saved: productConfigurations,
      // The numbers the next order and invoice will take (the counters hold the last ones given).
      lastOrder:
        sql<number>`coalesce((select oc.last_number from order_counters oc where oc.account_id = ${baseAccounts.id}), 0)`.mapWith(
          Number,
        ),
      lastInvoice:
        sql<number>`coalesce((select ic.last_number from invoice_counters ic where ic.account_id = ${baseAccounts.id}), 0)`.mapWith(
          Number,
        ),
    })
    .from(baseAccounts)
    .leftJoin(productConfigurations, eq(productConfigurations.accountId, baseAccounts.id))
    .where(eq(baseAccounts.id, accountId));
  return row ?? null;
};

/** Locks the organization's row (two saves at once apply one after the other). */
export const lockAccount = async (tx: Executor, accountId: string) =>
  (await tx.select({ id: baseAccounts.id }).from(baseAccounts).where(eq(baseAccounts.id, accountId)).for('update')).length > 0;

export const upsertConfiguration = async (tx: Executor, accountId: string, values: ConfigurationValues) =>
  tx
    .insert(productConfigurations)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: productConfigurations.accountId, set: { ...values, updatedAt: new Date() } })
    .returning({ updatedAt: productConfigurations.updatedAt });

/** Profile fields and the hold time (only written when they change: an account row update notifies every cache). */
export const updateAccountDefaults = async (
  tx: Executor,
  accountId: string,
  values: { profile?: Partial<Profile>; holdMinutes?: number },
) => {
  const set: Record<string, unknown> = {};
  if (values.profile) set.profile = sql`${baseAccounts.profile} || ${JSON.stringify(values.profile)}::jsonb`;
  if (values.holdMinutes !== undefined) set.holdMinutes = values.holdMinutes;
  if (Object.keys(set).length) await tx.update(baseAccounts).set(set).where(eq(baseAccounts.id, accountId));
};

/** Invoice details of the organization (what `issueInvoice` prints). */
export const invoiceSettingsOf = async (db: Executor, accountId: string) => {
  const [row] = await db
    .select({
      prefix: productConfigurations.invoiceNumberPrefix,
      digits: productConfigurations.invoiceNumberDigits,
      taxId: productConfigurations.invoiceTaxId,
      footer: productConfigurations.invoiceFooter,
      dateFormat: sql<DateFormat>`${productConfigurations.dateFormat}`,
    })
    .from(productConfigurations)
    .where(eq(productConfigurations.accountId, accountId));
  return row ?? { prefix: 'INV-', digits: 6, taxId: '', footer: '', dateFormat: 'DD. MMMM YYYY' as DateFormat };
};
