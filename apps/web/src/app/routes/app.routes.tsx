import type { RouteObject } from 'react-router';
import { ErrorScreen, NotFoundPage } from '../../components/error-screen.tsx';
import { RequireAuth } from '../../components/guards/require-auth.tsx';
import type { RouteHandle } from '../../components/shell/navigation.ts';
import { areaRoutes } from './area.routes.ts';
import { lazyPage } from './lazy-page.ts';

/** Everything behind the sign-in: the shell with the dashboard and every area (and the 404 page). */
export const appRoutes: RouteObject[] = [
  {
    element: <RequireAuth />,
    children: [
      {
        lazy: lazyPage(
          () => import('../../components/shell/app-layout.tsx'),
          (m) => m.AppLayout,
        ),
        errorElement: <ErrorScreen />,
        children: [
          {
            path: 'dashboard',
            handle: { title: 'Dashboard' } satisfies RouteHandle,
            lazy: lazyPage(
              () => import('../../features/dashboard/pages/dashboard-page.tsx'),
              (m) => m.DashboardPage,
            ),
          },
          ...areaRoutes,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
