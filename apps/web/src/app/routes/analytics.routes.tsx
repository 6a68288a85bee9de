import type { Feature, PermissionTitle } from '@excursio/contract/permissions';
import type { RouteObject } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import type { RouteHandle } from '../../components/shell/navigation.ts';
import { lazyPage } from './lazy-page.ts';

const page = () => import('../../features/analytics/pages/analytics-page.tsx');
const READ: PermissionTitle[] = ['Manage orders'];
const FEATURES: Feature[] = ['analytics'];

/** Sales analytics (not in the specification's route table: under Sales beside stores and QR codes). */
export const analyticsRoutes: RouteObject[] = [
  {
    path: 'sales/analytics',
    handle: { title: 'Analytics' } satisfies RouteHandle,
    element: <AccessGuard permissions={READ} features={FEATURES} />,
    children: [{ index: true, lazy: lazyPage(page, (m) => m.AnalyticsPage) }],
  },
];
