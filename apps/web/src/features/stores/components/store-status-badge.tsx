import { ACTIVATION_STATUS_LABELS, type ActivationStatus } from '@excursio/contract/experiences';
import { StatusBadge } from '../../../components/status-badge.tsx';

/** ui.md: Draft grey, Active green, Inactive orange — the same colours as the offers'. */
const COLORS: Record<ActivationStatus, string> = { draft: 'gray', active: 'green', inactive: 'orange' };

export const StoreStatusBadge = ({ status }: { status: ActivationStatus }) => (
  <StatusBadge color={COLORS[status]} testId="store-status">
    {ACTIVATION_STATUS_LABELS[status]}
  </StatusBadge>
);
