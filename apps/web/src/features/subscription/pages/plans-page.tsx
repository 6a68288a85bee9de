import type { SubscriptionTier } from '@excursio/contract/accounts';
import type { AccountType } from '@excursio/contract/auth';
import { Alert, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useGetBaseAccountQuery } from '../../../lib/api/base-account.api.ts';
import { refetchMe } from '../../../lib/api/session.api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks.ts';
import { RETURN_PATH_PARAM, safeReturnPath } from '../../../lib/subscription/plans-path.ts';
import {
  useChangeSubscriptionMutation,
  useGetSubscriptionQuery,
  useListSubscriptionTiersQuery,
  useManageSubscriptionMutation,
} from '../api/subscription.api.ts';
import { type PlanAction, PlanCard } from '../components/plan-card.tsx';
import { SubscriptionStatus } from '../components/subscription-status.tsx';
import { changeKind, featureList, lostFeatures } from '../plan-change.ts';

const DowngradeMessage = ({ from, to }: { from: SubscriptionTier | null; to: SubscriptionTier }) => {
  const lost = lostFeatures(from, to);
  return (
    <>
      {lost.length > 0
        ? `Your organization loses ${featureList(lost)}: those pages will say your plan does not include them until you upgrade again. `
        : `${to.name} costs less and keeps every feature you use. `}
      The change applies at once.
    </>
  );
};

const PlansPage = ({ type }: { type: AccountType }) => {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnPath = safeReturnPath(params.get(RETURN_PATH_PARAM));
  const accountId = useAppSelector((state) => state.user.user?.base_account.id);
  const accountType = useAppSelector((state) => state.user.user?.base_account.type);
  const { data: account } = useGetBaseAccountQuery(accountId ?? '', { skip: !accountId });
  const { data: subscription } = useGetSubscriptionQuery();
  const { data, isLoading } = useListSubscriptionTiersQuery({ account_type: type });
  const [change, { isLoading: changing, originalArgs }] = useChangeSubscriptionMutation();
  const [manage, { isLoading: managing }] = useManageSubscriptionMutation();
  const [confirming, setConfirming] = useState<SubscriptionTier | null>(null);
  // Leaving for the provider's page: the buttons stay busy until the browser has gone.
  const [leaving, setLeaving] = useState<string | null>(null);

  const tiers = (data?.results ?? []).filter((tier) => tier.account_type === type);
  const currentId = subscription?.tier?.id ?? account?.subscription_tier?.id;
  const current = tiers.find((tier) => tier.id === currentId) ?? subscription?.tier ?? null;
  const ownType = !accountType || accountType === type;

  const doChange = async (tier: SubscriptionTier) => {
    const result = await change({ tier_id: tier.id, ...(returnPath ? { return_path: returnPath } : {}) });
    setConfirming(null);
    if (result.error) return;
    if (result.data.url) {
      setLeaving(tier.id);
      window.location.assign(result.data.url);
      return;
    }
    notifySuccess(`Your plan is now ${result.data.subscription.tier?.name ?? tier.name}.`);
    dispatch(refetchMe());
    if (returnPath) navigate(returnPath);
  };

  const doManage = async () => {
    const result = await manage();
    if (result.error) return;
    setLeaving('manage');
    window.location.assign(result.data.url);
  };

  const actionFor = (tier: SubscriptionTier): PlanAction => {
    const kind = changeKind(current, tier);
    if (kind === 'current') return { kind: 'current' };
    if (!ownType) return { kind: 'unavailable', reason: `For ${type} accounts: your organization is a ${accountType}.` };
    const busy = (changing && originalArgs?.tier_id === tier.id) || leaving === tier.id;
    return {
      kind: 'switch',
      downgrade: kind === 'downgrade',
      busy,
      disabled: !busy && (changing || leaving !== null || !subscription),
      onSwitch: () => (kind === 'downgrade' ? setConfirming(tier) : doChange(tier)),
    };
  };

  return (
    <Stack gap="md">
      {!ownType ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          These plans are for {type} accounts. Your organization is a {accountType}.
        </Alert>
      ) : null}
      {returnPath && ownType ? (
        <Alert variant="light" color="blue" icon={<IconArrowBackUp size={18} />} data-testid="return-notice">
          Your plan does not include the page you were on. Choose a plan that does: after the change you go back there.
        </Alert>
      ) : null}
      {subscription ? (
        <SubscriptionStatus state={subscription} managing={managing || leaving === 'manage'} onManage={doManage} />
      ) : (
        <Skeleton height={88} radius="md" />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {isLoading
          ? [0, 1, 2].map((i) => <Skeleton key={i} height={320} radius="md" />)
          : tiers.map((tier) => <PlanCard key={tier.id} tier={tier} action={actionFor(tier)} />)}
      </SimpleGrid>
      {!isLoading && tiers.length === 0 ? <Text c="dimmed">No {type} plans are offered at the moment.</Text> : null}
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? `Switch to ${confirming.name}?` : ''}
        message={confirming ? <DowngradeMessage from={current} to={confirming} /> : null}
        confirmLabel={confirming ? `Switch to ${confirming.name}` : 'Switch'}
        loading={changing}
        onConfirm={() => confirming && doChange(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
};

export const SupplierPlansPage = () => <PlansPage type="supplier" />;
export const AffiliatePlansPage = () => <PlansPage type="affiliate" />;
