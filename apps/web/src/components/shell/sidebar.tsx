import { Box, NavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useAccess } from '../../lib/permissions/use-access.ts';
import { DeferredTooltip } from '../deferred-tooltip.tsx';
import { isNavItemActive, NAV_GROUPS, type NavItem } from './navigation.ts';
import classes from './shell.module.css';

const permissionHint = (item: NavItem) =>
  `You need the ${item.permissions?.map((p) => `'${p}'`).join(item.anyPermission ? ' or ' : ', ')} permission to open ${item.label}`;
const planHint = (item: NavItem) => `${item.label} is not in your plan. Upgrade your subscription to use it.`;

const SidebarItem = ({ item, collapsed, onNavigate }: { item: NavItem; collapsed: boolean; onNavigate: () => void }) => {
  const { pathname } = useLocation();
  const { can, canAny, hasFeature } = useAccess();
  const allowed = item.anyPermission ? canAny(item.permissions) : can(item.permissions);
  // Plan-locked items stay links: the page shows the subscription guard with its "Upgrade now".
  const locked = allowed && !hasFeature(item.features);
  const Icon = item.icon;
  const active = isNavItemActive(item, pathname);
  const hint = !allowed ? permissionHint(item) : locked ? planHint(item) : item.label;
  // Disabled for pointer (CSS) and also for keyboard and assistive technology.
  const disabledProps = allowed ? {} : { 'aria-disabled': true, tabIndex: -1 };
  const lockedProps = locked ? { 'data-plan-locked': true, 'aria-description': 'Not in your plan' } : {};
  const link = collapsed ? (
    <UnstyledButton
      component={Link}
      to={item.to}
      viewTransition
      onClick={onNavigate}
      aria-label={item.label}
      aria-current={active ? 'page' : undefined}
      data-active={active || undefined}
      data-disabled={!allowed || undefined}
      {...disabledProps}
      {...lockedProps}
      className={classes.railItem}
      style={allowed ? undefined : { pointerEvents: 'none' }}
    >
      <Icon size={18} stroke={1.7} />
    </UnstyledButton>
  ) : (
    <NavLink
      component={Link}
      to={item.to}
      viewTransition
      onClick={onNavigate}
      label={item.label}
      leftSection={<Icon size={17} stroke={1.7} />}
      rightSection={locked ? <IconLock size={14} className={classes.planLock} aria-hidden /> : undefined}
      active={active}
      disabled={!allowed}
      {...disabledProps}
      {...lockedProps}
      aria-current={active ? 'page' : undefined}
      className={classes.navItem}
    />
  );
  if (allowed && !locked && !collapsed) return link;
  return (
    <DeferredTooltip label={hint} position="right" multiline maw={260}>
      {/* A disabled link gets no pointer events; the wrapper keeps the tooltip working. */}
      <Box>{link}</Box>
    </DeferredTooltip>
  );
};

export const Sidebar = ({ collapsed, onNavigate }: { collapsed: boolean; onNavigate: () => void }) => (
  <ScrollArea type="scroll" style={{ flex: 1 }}>
    <Stack gap={collapsed ? 4 : 14} p={collapsed ? 'xs' : 'sm'} component="nav" aria-label="Main navigation">
      {NAV_GROUPS.map((group) => (
        <Box key={group.items[0].to}>
          {group.label && !collapsed ? (
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" mb={4} style={{ letterSpacing: 0.4 }}>
              {group.label}
            </Text>
          ) : null}
          <Stack gap={collapsed ? 4 : 1}>
            {group.items.map((item) => (
              <SidebarItem key={item.to} item={item} collapsed={collapsed} onNavigate={onNavigate} />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  </ScrollArea>
);
