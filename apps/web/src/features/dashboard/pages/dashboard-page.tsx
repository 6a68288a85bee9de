import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { NAV_GROUPS } from '../../../components/shell/navigation.ts';
import { useGetBaseAccountQuery } from '../../../lib/api/base-account.api.ts';
import { capitalise } from '../../../lib/format/format.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';
import { useAppSelector } from '../../../lib/store/hooks.ts';
import { useGetOnboardingQuery, useGetTeamSizeQuery } from '../api/dashboard.api.ts';
import { TodaySection, WeekSection } from '../components/departures-section.tsx';
import { MonthSalesSection } from '../components/month-sales-section.tsx';
import { NotificationsSection } from '../components/notifications-section.tsx';
import { RecentOrdersSection, RecentResalesSection } from '../components/recent-sales-section.tsx';
import { RefundsDueNotice } from '../components/refunds-due-notice.tsx';

// Only while there is something to do: an organization set up (or that dismissed it) never loads it.
const OnboardingChecklist = lazy(async () => ({
  default: (await import('../components/onboarding-checklist.tsx')).OnboardingChecklist,
}));

const NAV_ITEMS = NAV_GROUPS.flatMap((group) => group.items).filter((item) => item.to !== '/dashboard');

const Checklist = () => {
  const { data } = useGetOnboardingQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!data || data.dismissed || data.completed) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingChecklist onboarding={data} />
    </Suspense>
  );
};

/**
 * The dashboard home: each section appears when the person's permissions and the plan allow its
 * request (no 403 in the console), so a member with few permissions still gets quick links and the
 * notifications. A supplier sees departures, revenue and orders; an affiliate (no departures of its
 * own) its resales.
 */
export const DashboardPage = () => {
  const user = useAppSelector((state) => state.user.user);
  const { can, canAny, hasFeature } = useAccess();
  const canSeeAccount = can(['Manage account']);
  const canSeeTeam = can(['Manage users']);
  const { data: account } = useGetBaseAccountQuery(user?.base_account.id ?? '', { skip: !user || !canSeeAccount });
  const { data: teamSize } = useGetTeamSizeQuery(undefined, { skip: !canSeeTeam });
  if (!user) return null;
  const affiliate = user.base_account.type === 'affiliate';
  const orders = can(['Manage orders']) && hasFeature(['orders']);
  const departures = !affiliate && canAny(['View experiences', 'Manage orders']) && hasFeature(['bookings']);
  const resales = affiliate && can(['Manage orders']) && hasFeature(['partners']);
  // Only areas that exist and this person may open on this plan: a quick link never leads to a dead end.
  const links = NAV_ITEMS.filter(
    (item) =>
      !item.notBuilt && (item.anyPermission ? canAny(item.permissions) : can(item.permissions)) && hasFeature(item.features),
  );
  const facts = [
    `${capitalise(user.base_account.type)} account`,
    ...(canSeeAccount && account ? [`${account.subscription_tier?.name ?? 'No'} plan`] : []),
    ...(canSeeTeam && teamSize !== undefined ? [`${teamSize} ${teamSize === 1 ? 'team member' : 'team members'}`] : []),
  ];

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz={24}>
          Welcome{user.first_name ? `, ${user.first_name}` : ''}
        </Title>
        <Text c="dimmed">
          {user.base_account.name} · {facts.join(' · ')}
        </Text>
      </div>
      {user.role === null ? (
        <Badge color="orange" variant="light" size="lg" radius="sm" tt="none">
          You have no role yet — ask your organization's owner to assign one.
        </Badge>
      ) : null}
      {canSeeAccount ? <Checklist /> : null}
      {orders && !affiliate ? <RefundsDueNotice /> : null}
      {departures || orders ? (
        <SimpleGrid cols={{ base: 1, md: departures && orders ? 2 : 1 }} spacing="md">
          {departures ? <TodaySection canOpenBookings={can(['Manage orders']) && hasFeature(['bookings'])} /> : null}
          {orders ? <MonthSalesSection affiliate={affiliate} /> : null}
          {departures ? <WeekSection /> : null}
          {orders && !affiliate ? <RecentOrdersSection /> : null}
          {resales ? <RecentResalesSection /> : null}
        </SimpleGrid>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <NotificationsSection />
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
      </SimpleGrid>
    </Stack>
  );
};
