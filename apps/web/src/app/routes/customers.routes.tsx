import type { Feature, PermissionTitle } from '@excursio/contract/permissions';
import type { RouteObject } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import type { RouteHandle } from '../../components/shell/navigation.ts';
import { lazyPage } from './lazy-page.ts';

const page = () => import('../../features/customers/pages/customers-page.tsx');
const MANAGE: PermissionTitle[] = ['Manage customers'];
const FEATURES: Feature[] = ['customers'];

/** Customers (specification §2). */
export const customersRoutes: RouteObject[] = [
  {
    path: 'customers/list',
    handle: { title: 'Customers' } satisfies RouteHandle,
    element: <AccessGuard permissions={MANAGE} features={FEATURES} />,
    children: [{ index: true, lazy: lazyPage(page, (m) => m.CustomersPage) }],
  },
];
