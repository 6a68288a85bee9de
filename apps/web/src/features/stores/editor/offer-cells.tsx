import { EXPERIENCE_TYPE_LABELS, EXPERIENCE_TYPES } from '@excursio/contract/experiences';
import { OFFER_OWNERSHIP_LABELS, type StoreExperience } from '@excursio/contract/stores';
import { Center, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import type { Column } from '../../../components/data-table/data-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';

export const TYPE_OPTIONS = EXPERIENCE_TYPES.map((value) => ({ value, label: EXPERIENCE_TYPE_LABELS[value] }));

const Thumbnail = ({ url }: { url: string | null }) => {
  const [failed, setFailed] = useState(false);
  const style = { width: 40, height: 40, borderRadius: 6, flex: 'none' } as const;
  if (!url || failed) {
    return (
      <Center style={style} bg="var(--mantine-color-default-hover)" c="dimmed" aria-hidden>
        <IconPhoto size={18} stroke={1.5} />
      </Center>
    );
  }
  return <img src={url} alt="" style={{ ...style, objectFit: 'cover' }} loading="lazy" onError={() => setFailed(true)} />;
};

/** An offer in a store list: picture, title, type and city. */
export const OfferCell = ({ offer }: { offer: StoreExperience }) => (
  <Group gap="sm" wrap="nowrap">
    <Thumbnail url={offer.thumbnail_url} />
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} lineClamp={2}>
        {offer.title}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {[EXPERIENCE_TYPE_LABELS[offer.type], offer.city, offer.currency].filter(Boolean).join(' · ')}
      </Text>
      {offer.payment_unavailable_reason ? (
        // Nobody who collects its payment can take it: visitors cannot book it here until that changes.
        <Stack gap={2} align="flex-start" mt={4}>
          <StatusBadge color="orange">Cannot be paid in this store</StatusBadge>
          <Text size="xs" c="dimmed">
            {offer.payment_unavailable_reason}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  </Group>
);

/** Our offer, or a partner's (resold) with the supplier's name. */
export const OwnerCell = ({ offer }: { offer: StoreExperience }) => (
  <Stack gap={0}>
    <Text size="sm">{OFFER_OWNERSHIP_LABELS[offer.ownership]}</Text>
    {offer.ownership === 'external' ? (
      <Text size="xs" c="dimmed">
        {offer.supplier.name}
      </Text>
    ) : null}
  </Stack>
);

export const distanceText = (km: number | null) =>
  km === null ? '—' : km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km).toLocaleString('en')} km`;

/** The Distance column, present while a point filters the list (the API then answers `distance_km`). */
export const distanceColumns = (filteringByPoint: boolean): Column<StoreExperience>[] =>
  filteringByPoint
    ? [{ key: 'distance', header: 'Distance', sortField: 'distance', width: 100, render: (o) => distanceText(o.distance_km) }]
    : [];
