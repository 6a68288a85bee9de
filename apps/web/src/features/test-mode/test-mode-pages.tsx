import { useParams } from 'react-router';
import { HostedLinkProblem } from './components/hosted-page.tsx';
import { BillingPortalPage } from './pages/billing-portal-page.tsx';
import { OnboardingPage } from './pages/onboarding-page.tsx';
import { SubscriptionCheckoutPage } from './pages/subscription-checkout-page.tsx';

const PAGES: Record<string, () => React.JSX.Element> = {
  onboarding: OnboardingPage,
  'subscription-checkout': SubscriptionCheckoutPage,
  'billing-portal': BillingPortalPage,
};

/**
 * `/test-mode/{onboarding|subscription-checkout|billing-portal}/{token}`: the built-in test mode's
 * stand-ins for the payment provider's hosted pages, outside the dashboard shell, each opened by a
 * signed single-use token. One route and one chunk for the three.
 */
export const TestModePages = () => {
  const Page = PAGES[useParams().kind ?? ''];
  return Page ? <Page /> : <HostedLinkProblem back="/dashboard" backLabel="Back to the dashboard" />;
};
