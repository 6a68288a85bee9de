import '@mantine/dates/styles.css';
import type { AvailabilitySlot } from '@excursio/contract/availability';
import { Alert, Card, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useCheckAvailabilityQuery, useGetBookingConfigQuery } from '../../../lib/api/availability.api.ts';
import { useAddCartLineMutation } from '../../../lib/api/cart.api.ts';
import { draftAdded, draftChanged } from '../../../lib/auth/cart.slice.ts';
import { formatMoney } from '../../../lib/format/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks.ts';
import classes from './booking-picker.module.css';
import { pricingOptionsParam, slotLabel } from './checkout-format.ts';
import { QuestionInput } from './question-input.tsx';
import { useOfferAddOns } from './use-offer-add-ons.ts';
import { useOfferOptions } from './use-offer-options.ts';

const Step = ({ n, title, children }: { n: number; title: string; children: React.ReactNode }) => (
  <Stack gap="xs">
    <Text fw={600} size="sm">
      {n}. {title}
    </Text>
    {children}
  </Stack>
);

/** One start: its time and what is left, chosen with one click. */
const SlotButton = ({ slot, selected, onPick }: { slot: AvailabilitySlot; selected: boolean; onPick: () => void }) => (
  <UnstyledButton
    className={classes.slot}
    data-selected={selected || undefined}
    data-disabled={!slot.bookable || undefined}
    disabled={!slot.bookable}
    aria-pressed={selected}
    onClick={onPick}
  >
    <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {slot.time}
    </Text>
    <Text size="xs" c={slot.bookable ? 'dimmed' : 'red'}>
      {slotLabel(slot)}
    </Text>
  </UnstyledButton>
);

/**
 * The left half of the checkout: offer → date (the engine's calendar) → start (places left) →
 * party per pricing category with the live, server-computed total → extras and questions → add.
 */
export const BookingPicker = ({ cartId }: { cartId: string | null }) => {
  const dispatch = useAppDispatch();
  const draft = useAppSelector((state) => state.cart.draft);
  const set = (patch: Parameters<typeof draftChanged>[0]) => dispatch(draftChanged(patch));
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 250);
  const offerId = draft.experienceId;
  const offers = useOfferOptions(term, offerId);
  const [month, setMonth] = useState(() => dayjs(draft.date ?? undefined).startOf('month'));
  const config = useGetBookingConfigQuery(
    offerId ? { experience_id: offerId, month: month.month() + 1, year: month.year() } : skipToken,
  );
  const days = useMemo(() => new Map((config.data?.days ?? []).map((d) => [d.date, d])), [config.data]);

  const rate = config.data?.rates.find((r) => r.id === draft.rateId) ?? null;
  const party = pricingOptionsParam(draft.quantities);
  const [partyTerm] = useDebouncedValue(party, 200);
  const day = useCheckAvailabilityQuery(
    offerId && draft.date
      ? {
          experience_id: offerId,
          date_from: draft.date,
          ...(draft.rateId ? { rate_id: draft.rateId } : {}),
          ...(partyTerm ? { pricing_options: partyTerm } : {}),
        }
      : skipToken,
  );
  const slot = day.data?.results.find((s) => s.id === draft.availabilityId) ?? null;
  const slotRates = (config.data?.rates ?? []).filter((r) => slot?.rate_ids.includes(r.id));
  // Ours from the catalog; a partner's offer's are the supplier's (its own endpoint).
  const { extras, questions } = useOfferAddOns(offerId, offers.isOwnOffer(offerId));
  const [addLine, adding] = useAddCartLineMutation();

  const participants = Object.values(draft.quantities).reduce((sum, q) => sum + q, 0);
  const extrasTotal = extras.reduce((sum, e) => sum + (draft.extras[e.item_id] ?? 0) * e.price, 0);
  const partyPrice = slot && party === partyTerm ? slot.price : null;
  const problems = party === partyTerm ? (day.data?.problems ?? []) : [];
  const canAdd = Boolean(cartId && slot?.bookable && rate && participants > 0 && slot.fits && problems.length === 0);

  const pickSlot = (picked: AvailabilitySlot) => {
    const keepRate = draft.rateId && picked.rate_ids.includes(draft.rateId) ? draft.rateId : (picked.rate_ids[0] ?? null);
    set({ availabilityId: picked.id, rateId: keepRate });
  };

  const add = async () => {
    if (!cartId || !offerId || !slot || !rate) return;
    const result = await addLine({
      cartId,
      experience_id: offerId,
      rate_id: rate.id,
      availability_id: slot.id,
      units: Object.entries(draft.quantities)
        .filter(([, quantity]) => quantity > 0)
        .map(([pricing_category_id, quantity]) => ({ pricing_category_id, quantity })),
      extras: Object.entries(draft.extras)
        .filter(([, quantity]) => quantity > 0)
        .map(([item_id, quantity]) => ({ item_id, quantity })),
      answers: Object.entries(draft.answers).map(([question_id, answer]) => ({ question_id, answer })),
    });
    if ('error' in result) return;
    notifySuccess(`${result.data.participants} place${result.data.participants === 1 ? '' : 's'} held on ${slot.time}.`);
    dispatch(draftAdded());
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="lg">
        <Title order={2} size="h4">
          New booking
        </Title>
        <Step n={1} title="Offer">
          <Select
            aria-label="Offer"
            placeholder="Search the offers on sale"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            data={offers.data}
            value={offerId}
            onChange={(value) => set({ experienceId: value })}
            nothingFoundMessage={offers.isFetching ? 'Searching…' : 'No Active offer matches.'}
          />
        </Step>
        {offerId ? (
          <Step n={2} title="Date">
            <Group align="flex-start" gap="lg" wrap="wrap">
              <DatePicker
                aria-label="Date"
                weekendDays={[]}
                nextLabel="Next month"
                previousLabel="Previous month"
                value={draft.date}
                onChange={(value) => set({ date: value })}
                date={month.format('YYYY-MM-DD')}
                onDateChange={(value) => setMonth(dayjs(value).startOf('month'))}
                minDate={dayjs().format('YYYY-MM-DD')}
                excludeDate={(value) => !days.has(dayjs(value).format('YYYY-MM-DD'))}
                getDayProps={(value) => {
                  const info = days.get(dayjs(value).format('YYYY-MM-DD'));
                  return info
                    ? { 'aria-label': `${dayjs(value).format('D MMMM YYYY')}, ${info.slots} start${info.slots === 1 ? '' : 's'}` }
                    : {};
                }}
              />
              {config.data && !config.data.days.length ? (
                <Text size="sm" c="dimmed" maw={220}>
                  Nothing can be booked this month. Try the next one.
                </Text>
              ) : null}
            </Group>
          </Step>
        ) : null}
        {offerId && draft.date ? (
          <Step n={3} title={`Start on ${dayjs(draft.date).format('dddd D MMMM')}`}>
            {day.isLoading ? (
              <Skeleton h={56} />
            ) : day.data?.results.length ? (
              <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" role="group" aria-label="Starts">
                {day.data.results.map((s) => (
                  <SlotButton key={s.id} slot={s} selected={s.id === draft.availabilityId} onPick={() => pickSlot(s)} />
                ))}
              </SimpleGrid>
            ) : (
              <Text size="sm" c="dimmed">
                No start on this day.
              </Text>
            )}
          </Step>
        ) : null}
        {slot ? (
          <Step n={4} title="Participants">
            {slotRates.length > 1 ? (
              <Select
                label="Rate"
                data={slotRates.map((r) => ({ value: r.id, label: r.name }))}
                value={draft.rateId}
                onChange={(value) => set({ rateId: value, quantities: {} })}
                allowDeselect={false}
              />
            ) : null}
            {rate?.prices.map((p) => (
              <Group key={p.pricing_category_id} justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Text size="sm">{p.pricing_category_name}</Text>
                  <Text size="xs" c="dimmed">
                    {formatMoney(p.price, config.data?.currency ?? 'EUR')}
                    {rate.pricing_mode === 'per_group' ? ' per group' : ' each'}
                  </Text>
                </Stack>
                <NumberInput
                  aria-label={p.pricing_category_name}
                  w={110}
                  min={0}
                  max={999}
                  allowDecimal={false}
                  allowNegative={false}
                  value={draft.quantities[p.pricing_category_id] ?? 0}
                  onChange={(value) =>
                    set({ quantities: { ...draft.quantities, [p.pricing_category_id]: typeof value === 'number' ? value : 0 } })
                  }
                />
              </Group>
            ))}
            {problems.map((p) => (
              <Text key={`${p.code}${p.attr}`} size="sm" c="red">
                {p.detail}
              </Text>
            ))}
            {participants > 0 && slot && !slot.fits && problems.length === 0 && party === partyTerm ? (
              <Alert color="red" variant="light">
                {slot.available === 0 ? 'This start is fully booked.' : `Only ${slot.available} places are left on this start.`}
              </Alert>
            ) : null}
          </Step>
        ) : null}
        {slot && extras.length ? (
          <Step n={5} title="Extras">
            {extras.map((e) => (
              <Group key={e.item_id} justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Text size="sm">{e.name}</Text>
                  <Text size="xs" c="dimmed">
                    {formatMoney(e.price, e.currency)} each
                  </Text>
                </Stack>
                <NumberInput
                  aria-label={e.name}
                  w={110}
                  min={0}
                  max={1000}
                  allowDecimal={false}
                  allowNegative={false}
                  value={draft.extras[e.item_id] ?? 0}
                  onChange={(value) => set({ extras: { ...draft.extras, [e.item_id]: typeof value === 'number' ? value : 0 } })}
                />
              </Group>
            ))}
          </Step>
        ) : null}
        {slot && questions.length ? (
          <Step n={extras.length ? 6 : 5} title="Questions">
            {questions.map((q) => (
              <QuestionInput
                key={q.id}
                question={q}
                value={draft.answers[q.id] ?? ''}
                onChange={(answer) => set({ answers: { ...draft.answers, [q.id]: answer } })}
              />
            ))}
          </Step>
        ) : null}
        {slot ? (
          <Group justify="space-between" className={classes.footer}>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                This booking
              </Text>
              <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }} aria-live="polite" data-testid="line-total">
                {partyPrice ? formatMoney(partyPrice.total + extrasTotal, partyPrice.currency) : '—'}
              </Text>
            </Stack>
            <Button leftSection={<IconShoppingCartPlus size={18} />} onClick={add} disabled={!canAdd} loading={adding.isLoading}>
              Add to order
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
};
