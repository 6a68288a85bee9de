import { EXPERIENCE_TYPE_LABELS, type Experience } from '@excursio/contract/experiences';
import { INVENTORY_ITEM_TYPE_LABELS } from '@excursio/contract/inventory';
import { Badge, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { categoryLabel, locationLabel } from '../../../components/offer-preview/offer-preview.tsx';
import {
  useGetExperienceInventoryQuery,
  useListBookingQuestionsQuery,
  useListPricingRatesQuery,
  useListStartTimesQuery,
} from '../../../lib/api/catalog.api.ts';
import { capitalise, formatMoney } from '../../../lib/format/format.ts';
import { ANSWER_TYPE_LABELS, SCOPE_LABELS } from '../editor/booking-info/form-schemas.ts';
import { USAGE_LABELS } from '../editor/booking-info/inventory-rules.ts';
import { byPosition } from '../editor/booking-info/positions.ts';
import { minutesToCutoff, STEP_LABELS } from '../editor/editor-rules.ts';
import { RateCard } from '../editor/pricing/rates-section.tsx';
import { formatScheduleLine } from '../editor/pricing/schedule-format.ts';
import { SectionNote, StepSection } from '../editor/pricing/step-section.tsx';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
      {children || '—'}
    </Text>
  </div>
);

const cutoffText = (minutes: number) => {
  if (minutes === 0) return 'Until the start';
  const { value, unit } = minutesToCutoff(minutes);
  return `${value} ${value === 1 ? unit.replace(/s$/, '') : unit} before the start`;
};

/** Basic info and settings: every field of those steps, as text. */
const DetailsSection = ({ experience: e }: { experience: Experience }) => (
  <StepSection title={`${STEP_LABELS['basic-info']} and ${STEP_LABELS.settings}`}>
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
      <Fact label="Type">{EXPERIENCE_TYPE_LABELS[e.type]}</Fact>
      <Fact label="Category">{categoryLabel(e.category, e.subcategory)}</Fact>
      <Fact label="Location">{[e.address, locationLabel(e)].filter(Boolean).join(' · ')}</Fact>
      <Fact label="Time zone">{e.time_zone}</Fact>
      <Fact label="Currency">{e.currency}</Fact>
      <Fact label="Group size">
        {e.max_group_size === null ? `${e.min_group_size} or more` : `${e.min_group_size}–${e.max_group_size}`}
      </Fact>
      <Fact label="Booking cut-off">{cutoffText(e.booking_cutoff_minutes)}</Fact>
      <Fact label="Confirmation">{e.confirmation_mode === 'instant' ? 'Instant' : 'On request'}</Fact>
      <Fact label="Visibility">{capitalise(e.visibility)}</Fact>
      {e.type === 'ticket' ? <Fact label="Open-dated">{e.is_open_dated ? 'Yes' : 'No'}</Fact> : null}
    </SimpleGrid>
  </StepSection>
);

/** Rates with their prices, and the schedule. */
const PricingSection = ({ experience }: { experience: Experience }) => {
  const rates = useListPricingRatesQuery({ experience: experience.id, page_size: 100, ordering: 'created_at' });
  const lines = useListStartTimesQuery({ experience: experience.id, page_size: 100 });
  const openDated = experience.type === 'ticket' && experience.is_open_dated;
  return (
    <StepSection
      title={STEP_LABELS.pricing}
      description={`Prices in ${experience.currency}; start times in ${experience.time_zone}.`}
    >
      <Stack gap="md">
        {rates.isLoading ? (
          <Skeleton h={120} />
        ) : (rates.data?.results ?? []).length === 0 ? (
          <SectionNote>No rates yet.</SectionNote>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {rates.data?.results.map((rate) => (
              <RateCard key={rate.id} rate={rate} />
            ))}
          </SimpleGrid>
        )}
        <Text fw={600} size="sm">
          Schedule
        </Text>
        {openDated ? (
          <SectionNote>Open-dated: visitors book no date or start time.</SectionNote>
        ) : lines.isLoading ? (
          <Skeleton h={40} />
        ) : (lines.data?.results ?? []).length === 0 ? (
          <SectionNote>No start times yet.</SectionNote>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Start times">
            {lines.data?.results.map((line) => (
              <Text key={line.id} component="li" size="sm">
                {formatScheduleLine(line)}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </StepSection>
  );
};

/** Booking questions and the extras or equipment offered with the offer. */
const BookingInfoSection = ({ experience }: { experience: Experience }) => {
  const questions = useListBookingQuestionsQuery({ experience: experience.id, page_size: 100 });
  const inventory = useGetExperienceInventoryQuery(experience.id);
  const items = inventory.data?.results ?? [];
  return (
    <StepSection
      title={STEP_LABELS['booking-info']}
      description="Meeting point and cancellation policy are in the preview above."
    >
      <Stack gap="md">
        <Text fw={600} size="sm">
          Booking questions
        </Text>
        {questions.isLoading ? (
          <Skeleton h={40} />
        ) : (questions.data?.results ?? []).length === 0 ? (
          <SectionNote>No booking questions.</SectionNote>
        ) : (
          <Stack gap={6} component="ol" pl="md" m={0}>
            {byPosition(questions.data?.results ?? []).map((q) => (
              <li key={q.id}>
                <Group gap={6}>
                  <Text size="sm">{q.question}</Text>
                  <Badge size="xs" variant="light" color="gray" tt="none">
                    {ANSWER_TYPE_LABELS[q.answer_type]} · {SCOPE_LABELS[q.scope]}
                  </Badge>
                  {q.required ? (
                    <Badge size="xs" variant="outline" color="gray" tt="none">
                      Required
                    </Badge>
                  ) : null}
                </Group>
              </li>
            ))}
          </Stack>
        )}
        <Text fw={600} size="sm">
          Extras and equipment
        </Text>
        {inventory.isLoading ? (
          <Skeleton h={40} />
        ) : items.length === 0 ? (
          <SectionNote>No extras or equipment.</SectionNote>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table fz="sm" verticalSpacing={4} aria-label="Extras and equipment">
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={`${item.item_id}-${item.usage}`}>
                    <Table.Td>{item.name}</Table.Td>
                    <Table.Td c="dimmed">
                      {INVENTORY_ITEM_TYPE_LABELS[item.type]} · {USAGE_LABELS[item.usage]} × {item.quantity}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(item.price, item.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </StepSection>
  );
};

/** Everything the editor's steps hold that the visitor preview does not show, read-only. */
export const OfferFacts = ({ experience }: { experience: Experience }) => (
  <Stack gap="lg">
    <DetailsSection experience={experience} />
    <PricingSection experience={experience} />
    <BookingInfoSection experience={experience} />
  </Stack>
);
