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
  onboardingIdOf,
  type ProgressFacts,
  progressFacts,
  stepIdOf,
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

/**
 * The checklist a new organization has before any write: answered under the ids it will be stored
 * with, never stored by a read (a GET must not write).
 */
const unstored = async (db: Db, accountId: string) => {
  const kind = await kindOf(db, accountId);
  const at = new Date();
  const row: OnboardingRow = {
    id: onboardingIdOf(accountId),
    accountId,
    kind,
    dismissedAt: null,
    dismissedByUserId: null,
    createdAt: at,
    updatedAt: at,
  };
  const steps: OnboardingStepRow[] = stepsOfKind(kind).map((code, position) => ({
    id: stepIdOf(accountId, code),
    accountId,
    onboardingId: row.id,
    code,
    position,
    dismissedAt: null,
    createdAt: at,
    updatedAt: at,
  }));
  return { row, steps };
};

/** The stored checklist, storing it first (the first write to it): parallel first writes make one. */
const ensureOnboarding = async (db: Db, accountId: string) => {
  const found = await findOnboarding(db, accountId);
  if (found) return found;
  const kind = await kindOf(db, accountId);
  await db.transaction((tx) => insertOnboarding(tx, accountId, kind, stepsOfKind(kind)));
  const made = await findOnboarding(db, accountId);
  if (!made) throw notFound();
  return made;
};

/** A write to the unstored checklist (by its id or one of its steps' ids) stores it first. */
const storeIfUnstored = async (db: Db, accountId: string, id: string) => {
  if (await findOnboarding(db, accountId)) return;
  const { row, steps } = await unstored(db, accountId);
  if (id === row.id || steps.some((step) => step.id === id)) await ensureOnboarding(db, accountId);
};

const withSteps = async (db: Db, accountId: string, row: OnboardingRow, stored?: OnboardingStepRow[]) => {
  const [rows, facts] = await Promise.all([stored ?? stepsOf(db, accountId, row.id), progressFacts(db, accountId)]);
  return toOnboarding(
    row,
    rows.map((r) => toStep(r, facts)),
  );
};

/** The checklist as stored, or the unstored one (row and steps). */
const current = async (db: Db, accountId: string) => {
  const found = await findOnboarding(db, accountId);
  if (found) return { row: found, steps: await stepsOf(db, accountId, found.id) };
  return unstored(db, accountId);
};

export const listOnboardings = async (db: Db, accountId: string) => {
  const { row, steps } = await current(db, accountId);
  return { results: [await withSteps(db, accountId, row, steps)], count: 1 };
};

export const getOnboarding = async (db: Db, accountId: string, onboardingId: string) => {
  const { row, steps } = await current(db, accountId);
  if (row.id !== onboardingId) throw notFound();
  return withSteps(db, accountId, row, steps);
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
  await storeIfUnstored(db, caller.accountId, onboardingId);
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
  if (await deleteOnboarding(db, accountId, onboardingId)) return;
  // The unstored checklist is already the fresh one.
  if (onboardingId !== onboardingIdOf(accountId) || (await findOnboarding(db, accountId))) throw notFound();
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
  const checklist = await current(db, accountId);
  const stored = query.onboarding === undefined || query.onboarding === checklist.row.id ? checklist.steps : [];
  const facts = await progressFacts(db, accountId);
  let steps = stored.map((r) => toStep(r, facts));
  if (query.done) steps = steps.filter((s) => s.done === (query.done === 'true'));
  if (query.dismissed) steps = steps.filter((s) => s.dismissed === (query.dismissed === 'true'));
  const { field, descending } = query.ordering;
  steps.sort((a, b) => (field === 'code' ? a.code.localeCompare(b.code) : a.position - b.position) * (descending ? -1 : 1));
  return steps;
};

export const getStep = async (db: Db, accountId: string, stepId: string) => {
  const row = (await current(db, accountId)).steps.find((step) => step.id === stepId);
  if (!row) throw notFound();
  return toStep(row, await progressFacts(db, accountId));
};

/** Puts a step that was removed back on the checklist, in its place. */
export const addStep = async (db: Db, accountId: string, body: { onboarding: string; code: OnboardingStepCode }) => {
  await storeIfUnstored(db, accountId, body.onboarding);
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
  await storeIfUnstored(db, accountId, stepId);
  const row = await findStep(db, accountId, stepId);
  if (!row) throw notFound();
  if (dismissed === undefined || dismissed === (row.dismissedAt !== null)) return getStep(db, accountId, stepId);
  const updated = await updateStep(db, accountId, stepId, dismissed ? now : null);
  if (!updated) throw notFound();
  return toStep(updated, await progressFacts(db, accountId));
};

export const removeStep = async (db: Db, accountId: string, stepId: string) => {
  await storeIfUnstored(db, accountId, stepId);
  if (!(await deleteStep(db, accountId, stepId))) throw notFound();
};
