import { Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { FORM_WIDTH } from '../../../lib/theme.ts';
import { useReturnParams } from '../../../lib/use-return-params.ts';
import {
  useConnectPaymentProviderMutation,
  useDisconnectPaymentProviderMutation,
  useGetPaymentConnectionQuery,
  useGetReconciliationQuery,
  useRunReconciliationMutation,
} from '../api.ts';
import { ConnectionCard } from '../components/connection-card.tsx';
import { ReconciliationSection } from '../components/reconciliation-section.tsx';
import { providerName, returnNotice } from '../connection-copy.ts';

/** `/settings/payment-providers`: connect the organization's card payment provider and reconcile its payments. */
export const PaymentProvidersPage = () => {
  const { data: connection, refetch } = useGetPaymentConnectionQuery();
  const connected = connection !== undefined && connection.status !== 'not_connected';
  const { data: reconciliation, isLoading: loadingReconciliation } = useGetReconciliationQuery(undefined, {
    skip: !connected,
  });
  const [connect, { isLoading: connecting }] = useConnectPaymentProviderMutation();
  const [disconnect, { isLoading: disconnecting }] = useDisconnectPaymentProviderMutation();
  const [runCheck, { isLoading: checking }] = useRunReconciliationMutation();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);

  // Back from the provider's onboarding: say how it went, and read the connection again.
  useReturnParams(['connected', 'error'], (values) => {
    const notice = returnNotice(values);
    if (!notice) return;
    if (notice.ok) notifySuccess(notice.message);
    else notifyError(notice.message);
    refetch();
  });

  const doConnect = async () => {
    const result = await connect();
    if (result.error) return;
    setLeaving(true);
    window.location.assign(result.data.url);
  };
  const doDisconnect = async () => {
    const result = await disconnect();
    setConfirming(false);
    if (!result.error) notifySuccess('Payment provider disconnected.');
  };
  const doCheck = async () => {
    const result = await runCheck();
    if (result.error) return;
    const found = result.data.mismatches.length;
    notifySuccess(
      found === 0 ? 'Reconciliation finished: no mismatches.' : `Reconciliation finished: ${found} mismatches found.`,
    );
  };

  if (!connection) {
    return (
      <Stack gap="md" maw={FORM_WIDTH} role="status" aria-label="Loading">
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={FORM_WIDTH}>
      <ConnectionCard
        connection={connection}
        connecting={connecting || leaving}
        onConnect={doConnect}
        onDisconnect={() => setConfirming(true)}
      />
      <ReconciliationSection
        data={reconciliation}
        loading={connected && loadingReconciliation}
        running={checking}
        disabledReason={connected ? null : 'Connect a payment provider first: there is nothing to compare yet.'}
        onRun={doCheck}
      />
      <ConfirmDialog
        opened={confirming}
        title={`Disconnect ${providerName(connection)}?`}
        message="Visitors can no longer pay by card on your webstores until you connect again. Stores that allow it take bookings to be paid later. Payments already made stay as they are."
        confirmLabel="Disconnect"
        loading={disconnecting}
        onConfirm={doDisconnect}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
};
