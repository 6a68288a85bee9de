import type { PaymentConnection } from '@excursio/contract/payments';
import { Alert, Card, Code, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconCheck, IconPlugConnected, IconX } from '@tabler/icons-react';
import { Button } from '../../../components/button.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { TestModeBadge } from '../../../components/test-mode-badge.tsx';
import { formatBasisPoints, formatDisplayDate } from '../../../lib/format/format.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';
import { CONNECTION_CHECKS, missingChecks, providerName, STATUS_BADGES } from '../connection-copy.ts';

type Props = {
  connection: PaymentConnection;
  connecting: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
};

/** Red text on the neutral button: a consequential action that is not the page's main one (AA in both themes). */
const DANGER_TEXT = 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))';

const Check = ({ ok }: { ok: boolean }) => (
  <ThemeIcon size={20} radius="xl" variant="light" color={ok ? 'teal' : 'red'}>
    {ok ? <IconCheck size={13} /> : <IconX size={13} />}
  </ThemeIcon>
);

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <div>{children}</div>
  </Stack>
);

/** How a resale's card payment is split, told from the reader's side (a supplier's net, an affiliate's commission). */
const ResaleSplit = () => {
  const { user } = useAccess();
  return user?.base_account.type === 'affiliate' ? (
    <List.Item>
      Resales pay you your commission: when a guest pays by card for a partner’s offer in your store, your commission comes to
      your provider account and the rest goes to the supplier.
    </List.Item>
  ) : (
    <List.Item>Resales split the money: your net amount to you, the reseller’s commission to them.</List.Item>
  );
};

const NotConnected = ({ connection, connecting, onConnect }: Props) => (
  <Stack gap="md">
    <Text size="sm">
      Connect a card payment provider to get paid by card. Money goes straight to your provider account, and the platform keeps
      the fee of your plan ({formatBasisPoints(connection.platform_fee_bp)} of each card payment).
    </Text>
    <List size="sm" spacing={6} icon={<Check ok />} aria-label="What connecting gives">
      <List.Item>Visitors pay by card when they book on your webstores.</List.Item>
      <List.Item>Card payments and refunds on orders in the back office.</List.Item>
      <ResaleSplit />
      <List.Item>Payouts from the provider to your bank account.</List.Item>
    </List>
    <Text size="sm" c="dimmed">
      Until then, your webstores say card payment is not available, and stores that allow it take bookings to be paid later.
    </Text>
    <Group>
      <Button
        leftSection={<IconPlugConnected size={16} />}
        onClick={onConnect}
        loading={connecting}
        styles={{ root: { height: 'auto', minHeight: 36 }, label: { whiteSpace: 'normal' } }}
      >
        Connect {connection.test_mode ? 'the test mode provider' : 'Stripe'}
      </Button>
    </Group>
  </Stack>
);

const Incomplete = ({ connection, connecting, onConnect, onDisconnect }: Props) => {
  const missing = missingChecks(connection);
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Onboarding is not finished">
        Card payments are not available until the provider has everything it needs ({missing.length} of {CONNECTION_CHECKS.length}{' '}
        steps left). Your webstores say so in the meantime.
      </Alert>
      <List size="sm" spacing={8} aria-label="Onboarding steps">
        {CONNECTION_CHECKS.map((check) => {
          const ok = connection[check.key];
          return (
            <List.Item key={check.key} icon={<Check ok={ok} />}>
              <Text span size="sm" fw={500}>
                {check.label}
              </Text>
              {ok ? null : (
                <Text span size="sm" c="dimmed">
                  {' — '}
                  {check.missing}
                </Text>
              )}
            </List.Item>
          );
        })}
      </List>
      <Group>
        <Button onClick={onConnect} loading={connecting}>
          Continue onboarding
        </Button>
        <Button variant="standard" c={DANGER_TEXT} onClick={onDisconnect}>
          Disconnect
        </Button>
      </Group>
    </Stack>
  );
};

const Connected = ({ connection, onDisconnect }: Props) => (
  <Stack gap="md">
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <Field label="Account">
        <Code fz="sm" data-testid="account-id">
          {connection.external_account_id ?? '—'}
        </Code>
      </Field>
      <Field label="Connected since">
        <Text size="sm">{formatDisplayDate(connection.connected_at)}</Text>
      </Field>
      <Field label="Status">
        <Group gap={6}>
          {CONNECTION_CHECKS.map((check) => (
            <StatusBadge key={check.key} color={connection[check.key] ? 'teal' : 'red'}>
              {check.label}
              {connection[check.key] ? '' : ': no'}
            </StatusBadge>
          ))}
        </Group>
      </Field>
      <Field label="Platform fee">
        <Text size="sm">{formatBasisPoints(connection.platform_fee_bp)} of each card payment, under your current plan</Text>
      </Field>
    </SimpleGrid>
    <Group>
      <Button variant="standard" c={DANGER_TEXT} onClick={onDisconnect}>
        Disconnect
      </Button>
    </Group>
  </Stack>
);

/** The organization's card payment provider: not connected, onboarding unfinished, or connected. */
export const ConnectionCard = (props: Props) => {
  const { connection } = props;
  const badge = STATUS_BADGES[connection.status];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="connection-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={36} radius="md" variant="light">
              <IconBuildingBank size={20} />
            </ThemeIcon>
            <Stack gap={0}>
              <Title order={2} fz="lg" fw={600} id="connection-title">
                Card payments
              </Title>
              <Text size="sm" c="dimmed">
                {providerName(connection)}
              </Text>
            </Stack>
          </Group>
          <Group gap={6}>
            {connection.test_mode ? <TestModeBadge size="sm" /> : null}
            <StatusBadge color={badge.color} testId="connection-status">
              {badge.label}
            </StatusBadge>
          </Group>
        </Group>
        {connection.status === 'not_connected' ? (
          <NotConnected {...props} />
        ) : connection.status === 'incomplete' ? (
          <Incomplete {...props} />
        ) : (
          <Connected {...props} />
        )}
      </Stack>
    </Card>
  );
};
