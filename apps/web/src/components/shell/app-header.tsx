import { Box, Burger, Group, Title } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, useLocation, useMatches } from 'react-router';
import { useAccess } from '../../lib/permissions/use-access.ts';
import { IconButton } from '../button.tsx';
import { DeferredTooltip } from '../deferred-tooltip.tsx';
import { ScrollRow } from '../scroll-row.tsx';
import { type RouteHandle, TAB_GROUPS, type TabGroup } from './navigation.ts';
import { NotificationBell } from './notification-bell.tsx';
import classes from './shell.module.css';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';

/** The deepest match's title and tabs (the handles of all matches merged, deeper ones win). */
export const useRouteHandle = (): RouteHandle => {
  const matches = useMatches();
  const handle: RouteHandle = {};
  for (const match of matches) Object.assign(handle, match.handle as RouteHandle | undefined);
  return handle;
};

/** Whether the header has a tab row: a tab group, or a page that fills the row itself. */
export const hasTabRow = (handle: RouteHandle) => Boolean(handle.tabs || handle.pageTabs);

const SubNavigation = ({ group }: { group: TabGroup }) => {
  const { pathname } = useLocation();
  const { can } = useAccess();
  return (
    <ScrollRow label="tabs">
      <Group gap={4} component="nav" aria-label="Sub-navigation" wrap="nowrap" className={classes.tabList}>
        {TAB_GROUPS[group].map((tab) => {
          const allowed = can(tab.permissions) && !tab.disabled;
          const current = pathname === tab.to || pathname.startsWith(`${tab.to}/`);
          if (!allowed) {
            return (
              <DeferredTooltip
                key={tab.to}
                label={tab.permissions ? `Requires the '${tab.permissions.join("', '")}' permission` : 'Not available'}
              >
                <button type="button" className={classes.tab} data-disabled aria-disabled="true">
                  {tab.label}
                </button>
              </DeferredTooltip>
            );
          }
          return (
            <Link key={tab.to} to={tab.to} viewTransition className={classes.tab} aria-current={current ? 'page' : undefined}>
              {tab.label}
            </Link>
          );
        })}
      </Group>
    </ScrollRow>
  );
};

type HeaderProps = {
  mobileOpened: boolean;
  toggleMobile: () => void;
  collapsed: boolean;
  toggleCollapsed: () => void;
  /** The page action's place in the header; null below the `tab` breakpoint (it moves into the content). */
  actionSlotRef: ((element: HTMLDivElement | null) => void) | null;
  tabsSlotRef: (element: HTMLDivElement | null) => void;
};

export const AppHeader = ({
  mobileOpened,
  toggleMobile,
  collapsed,
  toggleCollapsed,
  actionSlotRef,
  tabsSlotRef,
}: HeaderProps) => {
  const handle = useRouteHandle();
  return (
    <Box className={classes.header} h="100%">
      <div className={classes.titleRow}>
        <Burger
          opened={mobileOpened}
          onClick={toggleMobile}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
          data-nav-toggle
        />
        <IconButton label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} onClick={toggleCollapsed} visibleFrom="sm">
          {collapsed ? <IconLayoutSidebarLeftExpand size={18} /> : <IconLayoutSidebarLeftCollapse size={18} />}
        </IconButton>
        {/* Two lines before it is cut (a long title on a phone), and the whole title on hover. */}
        <Title order={1} fz={{ base: 17, sm: 20 }} fw={600} className={classes.title} lineClamp={2} title={handle.title}>
          {handle.title ?? ''}
        </Title>
        {actionSlotRef ? <div ref={actionSlotRef} className={classes.actions} /> : null}
        <Box visibleFrom="sm">
          <ThemeToggle />
        </Box>
        <NotificationBell />
        <UserMenu />
      </div>
      {hasTabRow(handle) ? (
        <div className={classes.tabsRow} ref={tabsSlotRef}>
          {handle.tabs ? <SubNavigation group={handle.tabs} /> : null}
        </div>
      ) : null}
    </Box>
  );
};
