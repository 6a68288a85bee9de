import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.ts';

const onboarding = () => import('../../features/test-mode/pages/onboarding-page.tsx');
const checkout = () => import('../../features/test-mode/pages/subscription-checkout-page.tsx');
const portal = () => import('../../features/test-mode/pages/billing-portal-page.tsx');

/**
 * The built-in test mode's stand-ins for the payment provider's hosted pages: outside the
 * dashboard shell, opened by a signed single-use token (`PAYMENT_PROVIDER=test`, the default).
 */
export const testModeRoutes: RouteObject = {
  path: 'test-mode',
  children: [
    { path: 'onboarding/:token', lazy: lazyPage(onboarding, (m) => m.OnboardingPage) },
    { path: 'subscription-checkout/:token', lazy: lazyPage(checkout, (m) => m.SubscriptionCheckoutPage) },
    { path: 'billing-portal/:token', lazy: lazyPage(portal, (m) => m.BillingPortalPage) },
  ],
};
