import { AppShell, CloseButton, Group, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconCompass } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { HEADER_HEIGHT } from '../../app/theme.ts';
import { AppHeader } from './app-header.tsx';
import { PageActionSlotContext, PageTabsSlotContext } from './page-action.tsx';
import classes from './shell.module.css';
import { Sidebar } from './sidebar.tsx';

/** The application shell: one layout that wraps every dashboard route. */
export const AppLayout = () => {
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'excursio-sidebar-collapsed', defaultValue: false });
  const [actionSlot, setActionSlot] = useState<HTMLDivElement | null>(null);
  const [tabsSlot, setTabsSlot] = useState<HTMLDivElement | null>(null);
  const location = useLocation();
  const rail = collapsed && !mobileOpened;
  return (
    <AppShell
      layout="alt"
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: rail ? 64 : 248, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <AppHeader
          mobileOpened={mobileOpened}
          toggleMobile={toggleMobile}
          collapsed={collapsed}
          toggleCollapsed={() => setCollapsed((value) => !value)}
          actionSlotRef={setActionSlot}
          tabsSlotRef={setTabsSlot}
        />
      </AppShell.Header>
      <AppShell.Navbar>
        <div className={classes.brand}>
          <Group
            renderRoot={(props) => <Link to="/dashboard" {...props} />}
            gap={8}
            wrap="nowrap"
            aria-label="Excursio dashboard"
            style={{ textDecoration: 'none', color: 'inherit', flex: 1 }}
          >
            <ThemeIcon size={28} radius="md" variant="gradient" gradient={{ from: 'brand.7', to: 'violet.6', deg: 120 }}>
              <IconCompass size={18} />
            </ThemeIcon>
            {rail ? null : (
              <Text fw={700} size="md">
                Excursio
              </Text>
            )}
          </Group>
          <CloseButton hiddenFrom="sm" onClick={closeMobile} aria-label="Close navigation" />
        </div>
        <Sidebar collapsed={rail} onNavigate={closeMobile} />
      </AppShell.Navbar>
      <AppShell.Main>
        <PageActionSlotContext.Provider value={actionSlot}>
          <PageTabsSlotContext.Provider value={tabsSlot}>
            <div key={location.pathname} className={classes.content}>
              <Outlet />
            </div>
          </PageTabsSlotContext.Provider>
        </PageActionSlotContext.Provider>
      </AppShell.Main>
    </AppShell>
  );
};
