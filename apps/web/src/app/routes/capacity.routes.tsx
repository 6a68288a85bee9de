import type { Feature, PermissionTitle } from '@excursio/contract/permissions';
import type { RouteObject } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import type { RouteHandle } from '../../components/shell/navigation.ts';
import { lazyPage } from './lazy-page.ts';

const overview = () => import('../../features/capacity/pages/capacity-page.tsx');

/** Reading capacity: the catalog's readers or whoever takes orders (either suffices); changes need 'Manage experiences'. */
const READ: PermissionTitle[] = ['View experiences', 'Manage orders'];
/** One's own offers' capacity: an affiliate's plan has no offers, so it sees the subscription guard (no request that answers 403). */
const FEATURES: Feature[] = ['bookings', 'experiences'];

/** Capacity (specification §2): the month calendar with each day's slots. */
export const capacityRoutes: RouteObject[] = [
  {
    path: 'capacity/overview',
    handle: { title: 'Capacity' } satisfies RouteHandle,
    element: <AccessGuard permissions={READ} any features={FEATURES} />,
    children: [{ index: true, lazy: lazyPage(overview, (m) => m.CapacityPage) }],
  },
];
