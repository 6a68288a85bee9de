import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.ts';

const layout = () => import('../../features/auth/components/auth-layout.tsx');
const login = () => import('../../features/auth/pages/login-page.tsx');
const register = () => import('../../features/auth/pages/register-page.tsx');
const activate = () => import('../../features/auth/pages/activate-page.tsx');
const emailRequest = () => import('../../features/auth/pages/email-request-page.tsx');
const resetPassword = () => import('../../features/auth/pages/reset-password-page.tsx');
const acceptInvite = () => import('../../features/auth/pages/accept-invite-page.tsx');
const handover = () => import('../../features/auth/pages/handover-page.tsx');

export const authRoutes: RouteObject = {
  path: 'auth',
  lazy: lazyPage(layout, (m) => m.AuthLayout),
  children: [
    { path: 'login', lazy: lazyPage(login, (m) => m.LoginPage) },
    { path: 'register', lazy: lazyPage(register, (m) => m.RegisterPage) },
    { path: 'activate', lazy: lazyPage(activate, (m) => m.ActivatePage) },
    { path: 'resend-activation', lazy: lazyPage(emailRequest, (m) => m.ResendActivationPage) },
    { path: 'forgot-password', lazy: lazyPage(emailRequest, (m) => m.ForgotPasswordPage) },
    { path: 'reset-password', lazy: lazyPage(resetPassword, (m) => m.ResetPasswordPage) },
    { path: 'accept-invite', lazy: lazyPage(acceptInvite, (m) => m.AcceptInvitePage) },
    { path: 'handover', lazy: lazyPage(handover, (m) => m.HandoverPage) },
  ],
};
