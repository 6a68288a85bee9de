import { ACTIVATION_STATUS_LABELS, ACTIVATION_STATUSES, type ActivationStatus } from '@excursio/contract/experiences';
import { StatusBadge } from '../../../components/status-badge.tsx';

/** ui.md: Draft grey, Active green, Inactive orange — the same everywhere. */
const COLORS: Record<ActivationStatus, string> = { draft: 'gray', active: 'green', inactive: 'orange' };

export const STATUS_OPTIONS = ACTIVATION_STATUSES.map((value) => ({ value, label: ACTIVATION_STATUS_LABELS[value] }));

export const OfferStatusBadge = ({ status }: { status: ActivationStatus }) => (
  <StatusBadge color={COLORS[status]}>{ACTIVATION_STATUS_LABELS[status]}</StatusBadge>
);
