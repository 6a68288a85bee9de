import { ORDER_STATUS_LABELS, type OrderStatus, PAYMENT_STATUS_LABELS, type PaymentStatus } from '@excursio/contract/orders';
import { StatusBadge } from './status-badge.tsx';

const STATUS_COLORS: Record<OrderStatus, string> = { created: 'gray', confirmed: 'green', canceled: 'red' };
const PAYMENT_COLORS: Record<PaymentStatus, string> = {
  not_paid: 'orange',
  partially_paid: 'yellow',
  fully_paid: 'green',
  refunded: 'gray',
  // Settled: nothing due, part given back.
  partially_refunded: 'blue',
  // Action needed: the buyer is owed a refund.
  refund_due: 'red',
};

export const OrderStatusBadge = ({ status }: { status: OrderStatus }) => (
  <StatusBadge color={STATUS_COLORS[status]}>{ORDER_STATUS_LABELS[status]}</StatusBadge>
);

export const PaymentStatusBadge = ({ status }: { status: PaymentStatus }) => (
  <StatusBadge color={PAYMENT_COLORS[status]} testId="payment-status">
    {PAYMENT_STATUS_LABELS[status]}
  </StatusBadge>
);
