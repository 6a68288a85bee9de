import { createBrowserRouter, Navigate } from 'react-router';
import { ErrorScreen, NotFoundPage } from '../components/error-screen.tsx';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { RequireAuth } from '../components/guards/require-auth.tsx';
import type { RouteHandle } from '../components/shell/navigation.ts';
import { areaRoutes } from './routes/area.routes.ts';
import { authRoutes } from './routes/auth.routes.tsx';
import { lazyPage } from './routes/lazy-page.ts';

export const router = createBrowserRouter([
  {
    path: '/',
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      authRoutes,
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: lazyPage(
              () => import('../components/shell/app-layout.tsx'),
              (m) => m.AppLayout,
            ),
            errorElement: <ErrorScreen />,
            children: [
              {
                path: 'dashboard',
                handle: { title: 'Dashboard' } satisfies RouteHandle,
                lazy: lazyPage(
                  () => import('../features/dashboard/pages/dashboard-page.tsx'),
                  (m) => m.DashboardPage,
                ),
              },
              ...areaRoutes,
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
