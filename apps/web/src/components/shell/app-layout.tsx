import { AppShell, CloseButton, Group, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconCompass } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useMatches, useSearchParams } from 'react-router';
import { BREAKPOINTS, HEADER_HEIGHT, TITLE_ROW_HEIGHT } from '../../lib/theme.ts';
import { AppHeader, hasTabRow, useRouteHandle } from './app-header.tsx';
import { PageActionSlotContext, PageTabsSlotContext } from './page-action.tsx';
import classes from './shell.module.css';
import { Sidebar } from './sidebar.tsx';
import { useDisplayFormats } from './use-display-formats.ts';

const SubscriptionReturn = lazy(() => import('./subscription-return.tsx').then((m) => ({ default: m.SubscriptionReturn })));

/** The application shell: one layout that wraps every dashboard route. */
export const AppLayout = () => {
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'excursio-sidebar-collapsed', defaultValue: false });
  const [actionSlot, setActionSlot] = useState<HTMLDivElement | null>(null);
  const [tabsSlot, setTabsSlot] = useState<HTMLDivElement | null>(null);
  // One key per page (route), not per URL: moving between the steps of an editor (or between two
  // records) keeps the page and swaps its content, instead of fading the whole page in from nothing.
  const matches = useMatches();
  const pageKey = matches.at(-1)?.id;
  // The organization's date and time formats: a change re-renders the page with them (lib/format).
  const formatsVersion = useDisplayFormats();
  // Below the tab breakpoint the page's primary action sits above the content: the title keeps the header.
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.tab})`, true, { getInitialValueInEffect: false });
  // The specification's 122 px header is the title row plus the tab row; a page without tabs has no empty band.
  const headerHeight = hasTabRow(useRouteHandle()) ? HEADER_HEIGHT : TITLE_ROW_HEIGHT;
  const rail = collapsed && !mobileOpened;
  // Escape closes the phone's navigation drawer, as it closes every other overlay; focus goes back
  // to the button that opened it.
  useEffect(() => {
    if (!mobileOpened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      closeMobile();
      document.querySelector<HTMLElement>('[data-nav-toggle]')?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mobileOpened, closeMobile]);
  // Back from the subscription checkout (`?subscription=`): its notice loads only then.
  const [params] = useSearchParams();
  return (
    <AppShell
      layout="alt"
      header={{ height: headerHeight }}
      navbar={{ width: rail ? 64 : 248, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <AppHeader
          mobileOpened={mobileOpened}
          toggleMobile={toggleMobile}
          collapsed={collapsed}
          toggleCollapsed={() => setCollapsed((value) => !value)}
          actionSlotRef={wide ? setActionSlot : null}
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
        {params.has('subscription') ? (
          <Suspense fallback={null}>
            <SubscriptionReturn />
          </Suspense>
        ) : null}
        <PageActionSlotContext.Provider value={actionSlot}>
          <PageTabsSlotContext.Provider value={tabsSlot}>
            {wide ? null : <div ref={setActionSlot} className={classes.mobileActions} />}
            <div key={`${pageKey}:${formatsVersion}`} className={classes.content}>
              <Outlet />
            </div>
          </PageTabsSlotContext.Provider>
        </PageActionSlotContext.Provider>
      </AppShell.Main>
    </AppShell>
  );
};
