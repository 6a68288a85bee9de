import type { RouteObject } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import type { RouteHandle } from '../../components/shell/navigation.ts';
import { lazyPage } from './lazy-page.ts';
import { sectionIndex } from './section-redirects.routes.tsx';

const handle = (title: string, tabs?: RouteHandle['tabs']): RouteHandle => ({ title, tabs });
const organization = () => import('../../features/organization/pages/organization-pages.tsx');
const members = () => import('../../features/team/pages/members-page.tsx');
const roles = () => import('../../features/team/pages/roles-page.tsx');
const subscription = () => import('../../features/subscription/pages/plans-page.tsx');
const account = () => import('../../features/account/pages/account-page.tsx');
const paymentProviders = () => import('../../features/payment-providers/pages/payment-providers-page.tsx');
const apiKeys = () => import('../../features/api-keys/pages/api-keys-page.tsx');
const auditTrail = () => import('../../features/audit/pages/audit-trail-page.tsx');
const webhooks = () => import('../../features/webhooks/pages/webhooks-page.tsx');
const calendarFeeds = () => import('../../features/calendar-feeds/pages/calendar-feeds-page.tsx');
const productConfiguration = () => import('../../features/product-configuration/pages/product-configuration-page.tsx');

export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings/organization',
    element: <AccessGuard permissions={['Manage account']} />,
    handle: handle('Organization', 'organization'),
    children: [
      sectionIndex('/settings/organization'),
      { path: 'contact', lazy: lazyPage(organization, (m) => m.ContactInfoPage) },
      { path: 'legal', lazy: lazyPage(organization, (m) => m.LegalInfoPage) },
      { path: 'billing', lazy: lazyPage(organization, (m) => m.BillingInfoPage) },
      { path: 'profile', lazy: lazyPage(organization, (m) => m.ProfilePage) },
    ],
  },
  {
    path: 'settings/payment-providers',
    element: <AccessGuard permissions={['Manage account']} />,
    handle: handle('Payment providers'),
    children: [{ index: true, lazy: lazyPage(paymentProviders, (m) => m.PaymentProvidersPage) }],
  },
  {
    path: 'settings/subscription',
    element: <AccessGuard permissions={['Manage account']} />,
    handle: handle('Subscription', 'subscription'),
    children: [
      sectionIndex('/settings/subscription'),
      { path: 'supplier-plans', lazy: lazyPage(subscription, (m) => m.SupplierPlansPage) },
      { path: 'affiliate-plans', lazy: lazyPage(subscription, (m) => m.AffiliatePlansPage) },
    ],
  },
  {
    path: 'settings/team',
    element: <AccessGuard permissions={['Manage users']} />,
    handle: handle('Team', 'team'),
    children: [
      sectionIndex('/settings/team'),
      { path: 'members', lazy: lazyPage(members, (m) => m.MembersPage) },
      { path: 'roles', lazy: lazyPage(roles, (m) => m.RolesPage) },
    ],
  },
  {
    path: 'settings/api-keys',
    element: <AccessGuard permissions={['Manage account']} features={['api_access']} />,
    handle: handle('API keys'),
    children: [{ index: true, lazy: lazyPage(apiKeys, (m) => m.ApiKeysPage) }],
  },
  {
    path: 'settings/audit-trail',
    element: <AccessGuard permissions={['Manage account']} />,
    handle: handle('Audit trail'),
    children: [{ index: true, lazy: lazyPage(auditTrail, (m) => m.AuditTrailPage) }],
  },
  {
    path: 'settings/webhooks',
    element: <AccessGuard permissions={['Manage account']} features={['api_access']} />,
    handle: handle('Webhooks'),
    children: [{ index: true, lazy: lazyPage(webhooks, (m) => m.WebhooksPage) }],
  },
  {
    path: 'settings/calendar-feeds',
    element: <AccessGuard permissions={['Manage orders']} features={['orders']} />,
    handle: handle('Calendar feeds'),
    children: [{ index: true, lazy: lazyPage(calendarFeeds, (m) => m.CalendarFeedsPage) }],
  },
  {
    path: 'settings/product-configuration',
    element: <AccessGuard permissions={['Manage account']} />,
    handle: handle('Product configuration'),
    children: [{ index: true, lazy: lazyPage(productConfiguration, (m) => m.ProductConfigurationPage) }],
  },
  { path: 'settings/account', handle: handle('My account'), lazy: lazyPage(account, (m) => m.AccountPage) },
];
