import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.ts';

/**
 * The built-in test mode's stand-ins for the payment provider's hosted pages
 * (`/test-mode/{onboarding|subscription-checkout|billing-portal}/{token}`): outside the dashboard
 * shell, one lazy chunk (`PAYMENT_PROVIDER=test`, the default).
 */
export const testModeRoutes: RouteObject = {
  path: 'test-mode/:kind/:token',
  lazy: lazyPage(
    () => import('../../features/test-mode/test-mode-pages.tsx'),
    (m) => m.TestModePages,
  ),
};
