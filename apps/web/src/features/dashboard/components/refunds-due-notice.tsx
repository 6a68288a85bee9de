import { Alert, Anchor } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useGetRefundsDueCountQuery } from '../api/dashboard.api.ts';

/**
 * Orders whose cancellation owes the buyer a refund that was not made (not paid through a card
 * provider, or the provider refused): the operator's queue, counted, linking to the filtered list.
 * Shown only while there is one.
 */
export const RefundsDueNotice = () => {
  const { data: count } = useGetRefundsDueCountQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!count) return null;
  return (
    <Alert color="red" variant="light" icon={<IconReceiptRefund size={18} />} title="Refunds due" aria-label="Refunds due">
      {count === 1 ? '1 canceled order owes its customer a refund.' : `${count} canceled orders owe their customers a refund.`}{' '}
      <Anchor component={Link} to="/orders/list?payment_status=refund_due&pageSize=25" size="sm" fw={600}>
        Open them
      </Anchor>
    </Alert>
  );
};
