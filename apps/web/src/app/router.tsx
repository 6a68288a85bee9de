import { createBrowserRouter, Navigate } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { authRoutes } from './routes/auth.routes.tsx';
import { testModeRoutes } from './routes/test-mode.routes.tsx';

let appRoutesAdded = false;

export const router = createBrowserRouter(
  [
    {
      id: 'root',
      path: '/',
      errorElement: <ErrorScreen />,
      hydrateFallbackElement: <FullPageLoader />,
      children: [{ index: true, element: <Navigate to="/dashboard" replace /> }, authRoutes, testModeRoutes],
    },
  ],
  {
    // The routes behind the sign-in (with the navigation, permissions and icons they name) join the
    // router on the first path the auth routes do not match, so the login page does not load them.
    patchRoutesOnNavigation: async ({ patch }) => {
      if (appRoutesAdded) return;
      const { appRoutes } = await import('./routes/app.routes.tsx');
      if (!appRoutesAdded) patch('root', appRoutes);
      appRoutesAdded = true;
    },
  },
);
