import { and, desc, eq, gte, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentMismatches } from '../../db/schema/payments.ts';
import { payments } from '../../db/schema/sales.ts';

export type MismatchRow = typeof paymentMismatches.$inferSelect;
export type Finding = Pick<MismatchRow, 'kind' | 'providerReference' | 'paymentId' | 'detail'>;

/**
 * The last run itself is kept as one row of `payment_mismatches` of kind `run` (the table has no
 * check on kinds; `detail` holds `{"checked": n}`), so the findings and when they were made are
 * replaced together, in one transaction, without a table of its own.
 */
const RUN = 'run' as MismatchRow['kind'];

/** The organization's movements through a card provider since a date (payments and refunds). */
export const cardMovementsSince = async (db: Executor, accountId: string, since: Date, provider: 'stripe' | 'test' = 'stripe') =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.provider, provider), gte(payments.createdAt, since)));
export const stripeMovementsSince = (db: Executor, accountId: string, since: Date) => cardMovementsSince(db, accountId, since);

/** Replaces the previous run's findings with this run's. */
export const replaceFindings = async (db: Executor, accountId: string, findings: Finding[], run: { checked: number; at: Date }) =>
  db.transaction(async (tx) => {
    await tx
      .delete(paymentMismatches)
      .where(and(eq(paymentMismatches.accountId, accountId), isNull(paymentMismatches.resolvedAt)));
    await tx.insert(paymentMismatches).values([
      {
        accountId,
        kind: RUN,
        providerReference: '',
        paymentId: null,
        detail: JSON.stringify({ checked: run.checked }),
        foundAt: run.at,
      },
      ...findings.map((f) => ({ ...f, accountId, foundAt: run.at })),
    ]);
  });

/** The last run (when, how many payments it checked) and its findings. */
export const lastFindings = async (db: Executor, accountId: string) => {
  const [run] = await db
    .select()
    .from(paymentMismatches)
    .where(and(eq(paymentMismatches.accountId, accountId), eq(paymentMismatches.kind, RUN)))
    .orderBy(desc(paymentMismatches.foundAt))
    .limit(1);
  const mismatches = await db
    .select()
    .from(paymentMismatches)
    .where(and(eq(paymentMismatches.accountId, accountId), ne(paymentMismatches.kind, RUN), isNull(paymentMismatches.resolvedAt)))
    .orderBy(desc(paymentMismatches.foundAt), paymentMismatches.providerReference)
    .limit(500);
  const checked = run ? Number((JSON.parse(run.detail) as { checked?: number }).checked ?? 0) : 0;
  return { run: run ? { at: run.foundAt, checked } : null, mismatches };
};
