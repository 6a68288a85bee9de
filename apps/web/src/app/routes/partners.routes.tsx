import type { Feature, PermissionTitle } from '@excursio/contract/permissions';
import type { RouteObject } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import type { RouteHandle } from '../../components/shell/navigation.ts';
import { lazyPage } from './lazy-page.ts';

const partners = () => import('../../features/partners/pages/partners-page.tsx');
const resales = () => import('../../features/resales/pages/resales-page.tsx');

/**
 * Both areas need the plan's 'partners' feature: a supplier's plan has it (its resellers' sales)
 * without 'resales', which is the feature to sell as a reseller.
 */
const FEATURES: Feature[] = ['partners'];
const READ_PARTNERS: PermissionTitle[] = ['Manage stores'];
const READ_RESALES: PermissionTitle[] = ['Manage orders'];

/** Partners (`/sales/partners`, specification §2) and the resales made through them (`/resales/overview`). */
export const partnersRoutes: RouteObject[] = [
  {
    path: 'sales/partners',
    handle: { title: 'Partners' } satisfies RouteHandle,
    element: <AccessGuard permissions={READ_PARTNERS} features={FEATURES} />,
    children: [{ index: true, lazy: lazyPage(partners, (m) => m.PartnersPage) }],
  },
  {
    path: 'resales/overview',
    handle: { title: 'Resales' } satisfies RouteHandle,
    element: <AccessGuard permissions={READ_RESALES} features={FEATURES} />,
    children: [{ index: true, lazy: lazyPage(resales, (m) => m.ResalesPage) }],
  },
];
