import type { SystemNotification } from '@excursio/contract/accounts';
import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconBell, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store.ts';
import { NAV_GROUPS } from '../../../components/shell/navigation.ts';
import { useGetBaseAccountQuery } from '../../../lib/api/base-account.api.ts';
import { capitalise, formatDisplayDate } from '../../../lib/format/format.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';
import { useGetTeamSizeQuery, useListSystemNotificationsQuery } from '../api/dashboard.api.ts';

const NAV_ITEMS = NAV_GROUPS.flatMap((group) => group.items).filter((item) => item.to !== '/dashboard');
const LEVEL_COLOR: Record<SystemNotification['level'], string> = { info: 'blue', warning: 'orange', critical: 'red' };

const Stat = ({ label, value, loading }: { label: string; value: string; loading?: boolean }) => (
  <Paper withBorder radius="md" p="md">
    <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.4 }}>
      {label}
    </Text>
    {loading ? (
      <Skeleton height={24} mt={6} width="60%" />
    ) : (
      <Text fz={22} fw={600} mt={4} lineClamp={2} title={value} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    )}
  </Paper>
);

const Notifications = () => {
  const { data, isLoading } = useListSystemNotificationsQuery();
  const items = data?.results ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap={8} mb="sm">
        <IconBell size={18} />
        <Text fw={600}>System notifications</Text>
      </Group>
      {isLoading ? (
        <Stack gap="xs">
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
        </Stack>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          There are no notifications.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="System notifications">
          {items.map((n) => (
            <Group key={n.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={26} radius="xl" variant="light" color={LEVEL_COLOR[n.level]}>
                {n.level === 'info' ? <IconInfoCircle size={15} /> : <IconAlertTriangle size={15} />}
              </ThemeIcon>
              <div style={{ flex: 1 }}>
                <Group gap={8}>
                  <Text size="sm" fw={600}>
                    {n.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDisplayDate(n.published_at)}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {n.message}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
};

export const DashboardPage = () => {
  const user = useAppSelector((state) => state.user.user);
  const { can, canAny, hasFeature } = useAccess();
  const canSeeAccount = can(['Manage account']);
  const canSeeTeam = can(['Manage users']);
  const { data: account, isLoading: accountLoading } = useGetBaseAccountQuery(user?.base_account.id ?? '', {
    skip: !user || !canSeeAccount,
  });
  const { data: teamSize, isLoading: teamLoading } = useGetTeamSizeQuery(undefined, { skip: !canSeeTeam });
  if (!user) return null;
  // Only areas that exist and this person may open on this plan: a quick link never leads to a dead end.
  const links = NAV_ITEMS.filter(
    (item) =>
      !item.notBuilt && (item.anyPermission ? canAny(item.permissions) : can(item.permissions)) && hasFeature(item.features),
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz={24}>
          Welcome{user.first_name ? `, ${user.first_name}` : ''}
        </Title>
        <Text c="dimmed">
          {user.base_account.name} · {capitalise(user.base_account.type)} account
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        <Stat label="Organization" value={user.base_account.name} />
        {canSeeAccount ? (
          <Stat label="Plan" value={account?.subscription_tier?.name ?? 'No plan'} loading={accountLoading} />
        ) : null}
        {canSeeTeam ? <Stat label="Team size" value={String(teamSize ?? 0)} loading={teamLoading} /> : null}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            Quick links
          </Text>
          {links.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing to open yet: ask your organization's owner for a role.
            </Text>
          ) : (
            <SimpleGrid cols={2} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Quick links">
              {links.map((item) => {
                const Icon = item.icon;
                return (
                  <Card key={item.to} component="li" withBorder radius="sm" padding="sm">
                    <Group gap={8} wrap="nowrap">
                      <Icon size={16} stroke={1.7} />
                      <Anchor component={Link} to={item.to} size="sm" fw={500}>
                        {item.label}
                      </Anchor>
                    </Group>
                  </Card>
                );
              })}
            </SimpleGrid>
          )}
        </Paper>
        <Notifications />
      </SimpleGrid>
      {user.role === null ? (
        <Badge color="orange" variant="light" size="lg" radius="sm" tt="none">
          You have no role yet — ask your organization's owner to assign one.
        </Badge>
      ) : null}
    </Stack>
  );
};
