import { MESSAGES } from '@excursio/contract/messages';
import type { Partnership } from '@excursio/contract/partners';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type PartnershipAction, usePartnershipActionMutation } from '../../../lib/api/partners.api.ts';
import { partnerLabel } from '../../../lib/format/partner-format.ts';
import { notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { EditTermsModal } from './edit-terms-modal.tsx';
import type { RowIntent } from './partner-row-menu.tsx';
import { StatementModal } from './statement-modal.tsx';

/** Actions asked about first: what they do cannot be taken back by the one who does it. */
const CONFIRM: Partial<Record<PartnershipAction, { title: string; label: string; message: (name: string) => string }>> = {
  end: {
    title: 'End partnership',
    label: 'End partnership',
    message: (name) => `End the partnership with ${name}? Ending stops new sales at once; past resales stay readable.`,
  },
  decline: {
    title: 'Decline invitation',
    label: 'Decline',
    message: (name) => `Decline the invitation from ${name}? They can invite you again later.`,
  },
};

/**
 * What a partnership's menu or invitation buttons do: accept, decline, pause, resume and end (each
 * toasts 'Update successful!'; ending and declining are confirmed first), edit the terms, open the
 * monthly statement. `modals` renders the dialogs; `pick` starts one.
 */
export const usePartnerActions = () => {
  const [act, acting] = usePartnershipActionMutation();
  const [pending, setPending] = useState<{ action: PartnershipAction; p: Partnership } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState<Partnership | null>(null);
  const [statementOf, setStatementOf] = useState<Partnership | null>(null);

  const run = async (action: PartnershipAction, p: Partnership) => {
    setBusy(`${p.id}:${action}`);
    const result = await act({ id: p.id, action });
    setBusy(null);
    if (!result.error) notifySuccess(MESSAGES.updated);
    // Accepted (or resumed), but the stores cannot take payment for these offers yet: say why.
    if (result.data?.payment_warning) notifyWarning(result.data.payment_warning);
    return !result.error;
  };

  const pick = (intent: RowIntent, p: Partnership) => {
    if (intent === 'edit_terms') return setEditing(p);
    if (intent === 'statement') return setStatementOf(p);
    if (CONFIRM[intent]) return setPending({ action: intent, p });
    void run(intent, p);
  };

  const confirm = pending ? CONFIRM[pending.action] : undefined;
  const modals = (
    <>
      <EditTermsModal partnership={editing} onClose={() => setEditing(null)} />
      <StatementModal partnership={statementOf} onClose={() => setStatementOf(null)} />
      <ConfirmDialog
        opened={pending !== null}
        title={confirm?.title ?? ''}
        message={pending && confirm ? confirm.message(partnerLabel(pending.p)) : ''}
        confirmLabel={confirm?.label ?? ''}
        loading={acting.isLoading}
        onConfirm={async () => {
          if (pending) await run(pending.action, pending.p);
          setPending(null);
        }}
        onClose={() => setPending(null)}
      />
    </>
  );

  /** Whether `action` is running for `p` (its button shows a spinner). */
  const isBusy = (action: PartnershipAction, p: Partnership) => busy === `${p.id}:${action}`;
  return { pick, modals, isBusy };
};
