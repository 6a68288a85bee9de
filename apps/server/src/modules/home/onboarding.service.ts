import {
  ONBOARDING_STEP_TEXT,
  type Onboarding,
  type OnboardingKind,
  type OnboardingStep,
  type OnboardingStepCode,
  stepsOfKind,
} from '@excursio/contract/home';
import type { Db } from '../../db/client.ts';
import { invalid, notFound, refusedByState } from '../../http/app-error.ts';
import { accountBasics } from './home.repository.ts';
import {
  deleteOnboarding,
  deleteStep,
  findOnboarding,
  findStep,
  insertOnboarding,
  insertStep,
  type OnboardingRow,
  type OnboardingStepRow,
  type ProgressFacts,
  progressFacts,
  stepsOf,
  updateOnboarding,
  updateStep,
} from './onboarding.repository.ts';

/** When a step counts as done: read from the organization's data (see `progressFacts`). */
export const STEP_DONE: Record<OnboardingStepCode, (facts: ProgressFacts) => boolean> = {
  create_offer: (f) => f.hasOffer,
  publish_offer: (f) => f.hasActiveOffer,
  connect_payments: (f) => f.paymentsConnected,
  open_store: (f) => f.storeOpen,
  first_booking: (f) => f.hasOrder,
  find_partner: (f) => f.hasPartner,
  add_partner_offer: (f) => f.sellsPartnerOffer,
  first_resale: (f) => f.hasResale,
};

const kindOf = async (db: Db, accountId: string): Promise<OnboardingKind> =>
  (await accountBasics(db, accountId)).type === 'affiliate' ? 'affiliate' : 'supplier';

const toStep = (row: OnboardingStepRow, facts: ProgressFacts): OnboardingStep => {
  const code = row.code as OnboardingStepCode;
  return {
    id: row.id,
    onboarding: row.onboardingId,
    code,
    ...ONBOARDING_STEP_TEXT[code],
    position: row.position,
    done: STEP_DONE[code](facts),
    dismissed: row.dismissedAt !== null,
    dismissed_at: row.dismissedAt?.toISOString() ?? null,
  };
};

const toOnboarding = (row: OnboardingRow, steps: OnboardingStep[]): Onboarding => {
  const completed = steps.filter((s) => s.done || s.dismissed).length;
  return {
    id: row.id,
    kind: row.kind,
    dismissed: row.dismissedAt !== null,
    dismissed_at: row.dismissedAt?.toISOString() ?? null,
    completed_steps: completed,
    total_steps: steps.length,
    completed: completed === steps.length,
    steps,
    created_at: row.createdAt.toISOString(),
  };
};

/** The account's checklist, made on its first read (one per organization). */
const ensureOnboarding = async (db: Db, accountId: string) => {
  const found = await findOnboarding(db, accountId);
  if (found) return found;
  const kind = await kindOf(db, accountId);
  await db.transaction((tx) => insertOnboarding(tx, accountId, kind, stepsOfKind(kind)));
  const made = await findOnboarding(db, accountId);
  if (!made) throw notFound();
  return made;
};

const withSteps = async (db: Db, accountId: string, row: OnboardingRow) => {
  const [rows, facts] = await Promise.all([stepsOf(db, accountId, row.id), progressFacts(db, accountId)]);
  return toOnboarding(
    row,
    rows.map((r) => toStep(r, facts)),
  );
};

export const listOnboardings = async (db: Db, accountId: string) => {
  const row = await ensureOnboarding(db, accountId);
  return { results: [await withSteps(db, accountId, row)], count: 1 };
};

export const getOnboarding = async (db: Db, accountId: string, onboardingId: string) => {
  await ensureOnboarding(db, accountId);
  const row = await findOnboarding(db, accountId, onboardingId);
  if (!row) throw notFound();
  return withSteps(db, accountId, row);
};

/** A new checklist for the organization: 409 when it has one (read it, or delete it to start over). */
export const createOnboarding = async (db: Db, accountId: string, body: { dismissed: boolean }, now: Date) => {
  const kind = await kindOf(db, accountId);
  const created = await db.transaction((tx) =>
    insertOnboarding(tx, accountId, kind, stepsOfKind(kind), body.dismissed ? now : null),
  );
  if (!created) {
    throw refusedByState('onboarding_exists', 'Your organization has an onboarding checklist already.');
  }
  return withSteps(db, accountId, created);
};

/** Hides (or shows again) the whole checklist; who hid it is recorded. */
export const dismissOnboarding = async (
  db: Db,
  caller: { accountId: string; userId: string | null },
  onboardingId: string,
  dismissed: boolean | undefined,
  now: Date,
) => {
  const row = await findOnboarding(db, caller.accountId, onboardingId);
  if (!row) throw notFound();
  if (dismissed === undefined || dismissed === (row.dismissedAt !== null)) return withSteps(db, caller.accountId, row);
  const updated = await updateOnboarding(db, caller.accountId, onboardingId, {
    dismissedAt: dismissed ? now : null,
    dismissedByUserId: dismissed ? caller.userId : null,
  });
  if (!updated) throw notFound();
  return withSteps(db, caller.accountId, updated);
};

/** Removes the checklist and its steps' state: the next read starts a fresh one. */
export const removeOnboarding = async (db: Db, accountId: string, onboardingId: string) => {
  if (!(await deleteOnboarding(db, accountId, onboardingId))) throw notFound();
};

// Steps ---------------------------------------------------------------------------------------------

export const listSteps = async (
  db: Db,
  accountId: string,
  query: {
    onboarding?: string;
    done?: 'true' | 'false';
    dismissed?: 'true' | 'false';
    ordering: { field: 'position' | 'code'; descending: boolean };
  },
) => {
  await ensureOnboarding(db, accountId);
  const [rows, facts] = await Promise.all([stepsOf(db, accountId, query.onboarding), progressFacts(db, accountId)]);
  let steps = rows.map((r) => toStep(r, facts));
  if (query.done) steps = steps.filter((s) => s.done === (query.done === 'true'));
  if (query.dismissed) steps = steps.filter((s) => s.dismissed === (query.dismissed === 'true'));
  const { field, descending } = query.ordering;
  steps.sort((a, b) => (field === 'code' ? a.code.localeCompare(b.code) : a.position - b.position) * (descending ? -1 : 1));
  return steps;
};

export const getStep = async (db: Db, accountId: string, stepId: string) => {
  const row = await findStep(db, accountId, stepId);
  if (!row) throw notFound();
  return toStep(row, await progressFacts(db, accountId));
};

/** Puts a step that was removed back on the checklist, in its place. */
export const addStep = async (db: Db, accountId: string, body: { onboarding: string; code: OnboardingStepCode }) => {
  const onboardingRow = await findOnboarding(db, accountId, body.onboarding);
  if (!onboardingRow) throw invalid('onboarding', 'This onboarding checklist does not exist.');
  const position = stepsOfKind(onboardingRow.kind).indexOf(body.code);
  if (position < 0) throw invalid('code', `This step is not on a ${onboardingRow.kind}'s checklist.`);
  const row = await insertStep(db, accountId, onboardingRow.id, body.code, position);
  if (!row) {
    throw refusedByState('step_exists', 'This step is on the checklist already.', 'code');
  }
  return toStep(row, await progressFacts(db, accountId));
};

/** Skips a step ("not for us") or takes it up again. */
export const dismissStep = async (db: Db, accountId: string, stepId: string, dismissed: boolean | undefined, now: Date) => {
  const row = await findStep(db, accountId, stepId);
  if (!row) throw notFound();
  if (dismissed === undefined || dismissed === (row.dismissedAt !== null)) return getStep(db, accountId, stepId);
  const updated = await updateStep(db, accountId, stepId, dismissed ? now : null);
  if (!updated) throw notFound();
  return toStep(updated, await progressFacts(db, accountId));
};

export const removeStep = async (db: Db, accountId: string, stepId: string) => {
  if (!(await deleteStep(db, accountId, stepId))) throw notFound();
};
