import type { Cart, CartLine } from '@excursio/contract/cart';
import { MESSAGES } from '@excursio/contract/messages';
import { Badge, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useInterval } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, IconButton } from '../../../components/button.tsx';
import { useChangeCartLineMutation, useCreateOrderMutation, useRemoveCartLineMutation } from '../../../lib/api/cart.api.ts';
import { useListCustomersQuery } from '../../../lib/api/customers.api.ts';
import { customerName } from '../../../lib/format/customer-name.ts';
import { formatDisplayDate, formatMoney, formatTime } from '../../../lib/format/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { orderPath } from '../../../lib/order-paths.ts';
import { holdLeft, partySummary } from './checkout-format.ts';

/** Where a completed resale is shown (the list's default page size, so it loads at once). */
const RESALES_PATH = '/resales/overview?pageSize=25';

/** Re-renders every few seconds so hold countdowns stay true. */
const useNow = (everyMs = 5000) => {
  const [now, setNow] = useState(() => Date.now());
  const interval = useInterval(() => setNow(Date.now()), everyMs);
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, [interval.start, interval.stop]);
  return now;
};

const LineCard = ({ cartId, line, now }: { cartId: string; line: CartLine; now: number }) => {
  const [remove, removing] = useRemoveCartLineMutation();
  const [change, renewing] = useChangeCartLineMutation();
  const left = line.hold.active ? holdLeft(line.hold.expires_at, now) : null;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="cart-line">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Text fw={600} truncate>
            {line.experience_title}
          </Text>
          <Text size="sm">
            {formatDisplayDate(line.date)} · {formatTime(line.time)}
            <Text span size="xs" c="dimmed">
              {' '}
              ({line.time_zone})
            </Text>
          </Text>
          <Text size="sm" c="dimmed">
            {partySummary(line)}
          </Text>
          {line.extras.map((e) => (
            <Text key={e.item_id} size="sm" c="dimmed">
              + {e.quantity} × {e.name}
            </Text>
          ))}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(line.total, line.currency)}
          </Text>
          <IconButton
            label={`Remove ${line.experience_title} at ${line.time}`}
            loading={removing.isLoading}
            onClick={() => remove({ cartId, id: line.id })}
          >
            <IconTrash size={16} />
          </IconButton>
        </Stack>
      </Group>
      <Group gap="xs" mt={6}>
        {left ? (
          <Badge variant="light" color="teal" size="sm">
            Places held for {left}
          </Badge>
        ) : (
          <>
            <Badge variant="light" color="orange" size="sm">
              Hold expired
            </Badge>
            <Button
              size="compact-xs"
              variant="secondary"
              loading={renewing.isLoading}
              onClick={() => change({ cartId, id: line.id })}
            >
              Hold again
            </Button>
          </>
        )}
      </Group>
    </Card>
  );
};

type Buyer = {
  mode: 'existing' | 'new';
  customerId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
};

/** The right half: what the order will hold, who buys, and the button that makes it an order. */
export const CartPanel = ({ cart }: { cart: Cart | undefined }) => {
  const navigate = useNavigate();
  const now = useNow();
  const [buyer, setBuyer] = useState<Buyer>({
    mode: 'existing',
    customerId: null,
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
  });
  const [note, setNote] = useState('');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 250);
  const customers = useListCustomersQuery({ page: 1, page_size: 20, ...(term ? { search: term } : {}) });
  const [createOrder, creating] = useCreateOrderMutation();
  const lines = cart?.lines ?? [];
  const buyerReady =
    buyer.mode === 'existing' ? buyer.customerId !== null : buyer.firstName.trim() !== '' && buyer.lastName.trim() !== '';

  const submit = async () => {
    if (!cart) return;
    const result = await createOrder({
      cart_id: cart.id,
      ...(buyer.mode === 'existing' && buyer.customerId
        ? { customer_id: buyer.customerId }
        : {
            contact: {
              first_name: buyer.firstName.trim(),
              last_name: buyer.lastName.trim(),
              ...(buyer.email.trim() ? { email: buyer.email.trim() } : {}),
              ...(buyer.phone.trim() ? { phone: buyer.phone.trim() } : {}),
            },
          }),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
    if ('error' in result) return;
    // Specification §3: an answer without an id is a resale (the order is the supplier's).
    if (!('id' in result.data) || !result.data.id) {
      notifySuccess(MESSAGES.resaleCompleted);
      navigate(RESALES_PATH);
      return;
    }
    notifySuccess(MESSAGES.orderCreated);
    navigate(orderPath(result.data.id));
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Order
          </Title>
          {lines.length ? (
            <Text size="sm" c="dimmed">
              {lines.length} booking{lines.length === 1 ? '' : 's'}
            </Text>
          ) : null}
        </Group>
        {lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing added yet. Choose an offer, a date, a start and the participants, then add the booking here.
          </Text>
        ) : (
          <Stack gap="xs">
            {lines.map((line) => (
              <LineCard key={line.id} cartId={cart?.id ?? ''} line={line} now={now} />
            ))}
            <Group justify="space-between" pt="xs">
              <Text fw={600}>Total</Text>
              <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="cart-total">
                {formatMoney(cart?.total ?? 0, cart?.currency ?? 'EUR')}
              </Text>
            </Group>
          </Stack>
        )}
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Customer
          </Text>
          <SegmentedControl
            aria-label="Customer type"
            value={buyer.mode}
            onChange={(mode) => setBuyer({ ...buyer, mode: mode as Buyer['mode'] })}
            data={[
              { value: 'existing', label: 'Existing customer' },
              { value: 'new', label: 'New customer' },
            ]}
          />
          {buyer.mode === 'existing' ? (
            <Select
              aria-label="Find a customer"
              placeholder="Search by name, email or phone"
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options }) => options}
              data={(customers.data?.results ?? []).map((c) => ({
                value: c.id,
                label: `${customerName(c)}${c.email ? ` · ${c.email}` : ''}`,
              }))}
              value={buyer.customerId}
              onChange={(customerId) => setBuyer({ ...buyer, customerId })}
              nothingFoundMessage="No customer matches: add a new one."
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput
                label="First name"
                withAsterisk
                value={buyer.firstName}
                onChange={(e) => setBuyer({ ...buyer, firstName: e.currentTarget.value })}
              />
              <TextInput
                label="Last name"
                withAsterisk
                value={buyer.lastName}
                onChange={(e) => setBuyer({ ...buyer, lastName: e.currentTarget.value })}
              />
              <TextInput
                label="Email"
                type="email"
                value={buyer.email}
                onChange={(e) => setBuyer({ ...buyer, email: e.currentTarget.value })}
              />
              <TextInput
                label="Phone"
                type="tel"
                value={buyer.phone}
                onChange={(e) => setBuyer({ ...buyer, phone: e.currentTarget.value })}
              />
            </SimpleGrid>
          )}
          <Textarea
            label="Note"
            autosize
            minRows={2}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        </Stack>
        <Button onClick={submit} disabled={!lines.length || !buyerReady} loading={creating.isLoading} fullWidth>
          Create order
        </Button>
      </Stack>
    </Card>
  );
};
