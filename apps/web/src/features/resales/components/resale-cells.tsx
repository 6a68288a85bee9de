import type { Resale, ResaleSide } from '@excursio/contract/partners';
import { Stack, Text } from '@mantine/core';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatMoney } from '../../../lib/format/format.ts';

/** Which side we were on, in the words of the row: we sold it as a reseller, or a reseller sold ours. */
export const SIDE_BADGE: Record<ResaleSide, { label: string; color: string }> = {
  reseller: { label: 'We resold', color: 'grape' },
  supplier: { label: 'Resold for us', color: 'cyan' },
};

export const SideBadge = ({ side }: { side: ResaleSide }) => (
  <StatusBadge color={SIDE_BADGE[side].color} testId="resale-side">
    {SIDE_BADGE[side].label}
  </StatusBadge>
);

/** The other organization of the sale. */
export const otherParty = (r: Pick<Resale, 'side' | 'supplier' | 'reseller'>) =>
  r.side === 'reseller' ? r.supplier : r.reseller;

export const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export const Money = ({ minor, currency, testId }: { minor: number; currency: string; testId?: string }) => (
  <Text size="sm" style={numeric} data-testid={testId}>
    {formatMoney(minor, currency)}
  </Text>
);

/** The gross at the sale and, when lines were canceled since, what the order is worth now. */
export const GrossCell = ({ r }: { r: Resale }) => (
  <Stack gap={0} align="flex-end">
    <Money minor={r.gross} currency={r.currency} />
    {r.total !== r.gross ? (
      <Text size="xs" c="dimmed" style={numeric}>
        now {formatMoney(r.total, r.currency)}
      </Text>
    ) : null}
  </Stack>
);

/** The commission and its basis ('15 %' or 'Net rates'). */
export const CommissionCell = ({ r }: { r: Resale }) => (
  <Stack gap={0} align="flex-end">
    <Money minor={r.commission} currency={r.currency} />
    <Text size="xs" c="dimmed" style={numeric}>
      {r.pricing_mode === 'net_rates' ? 'Net rates' : `${r.commission_percent ?? 0} %`}
    </Text>
  </Stack>
);

/** The other organization, and what was sold. */
export const PartnerCell = ({ r }: { r: Resale }) => (
  <Stack gap={0} style={{ minWidth: 0 }}>
    <Text size="sm" fw={500}>
      {otherParty(r).name}
    </Text>
    <Text size="xs" c="dimmed" lineClamp={2}>
      {r.offers.join(', ') || '—'}
    </Text>
  </Stack>
);
