import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.ts';

export const authRoutes: RouteObject = {
  path: 'auth',
  lazy: lazyPage(
    () => import('../../features/auth/components/auth-layout.tsx'),
    (m) => m.AuthLayout,
  ),
  children: [
    {
      path: 'login',
      lazy: lazyPage(
        () => import('../../features/auth/pages/login-page.tsx'),
        (m) => m.LoginPage,
      ),
    },
    {
      path: 'register',
      lazy: lazyPage(
        () => import('../../features/auth/pages/register-page.tsx'),
        (m) => m.RegisterPage,
      ),
    },
    {
      path: 'activate',
      lazy: lazyPage(
        () => import('../../features/auth/pages/activate-page.tsx'),
        (m) => m.ActivatePage,
      ),
    },
    {
      path: 'resend-activation',
      lazy: lazyPage(
        () => import('../../features/auth/pages/email-request-page.tsx'),
        (m) => m.ResendActivationPage,
      ),
    },
    {
      path: 'forgot-password',
      lazy: lazyPage(
        () => import('../../features/auth/pages/email-request-page.tsx'),
        (m) => m.ForgotPasswordPage,
      ),
    },
    {
      path: 'reset-password',
      lazy: lazyPage(
        () => import('../../features/auth/pages/reset-password-page.tsx'),
        (m) => m.ResetPasswordPage,
      ),
    },
    {
      path: 'accept-invite',
      lazy: lazyPage(
        () => import('../../features/auth/pages/accept-invite-page.tsx'),
        (m) => m.AcceptInvitePage,
      ),
    },
    {
      path: 'handover',
      lazy: lazyPage(
        () => import('../../features/auth/pages/handover-page.tsx'),
        (m) => m.HandoverPage,
      ),
    },
  ],
};
