import type { Feature, PermissionTitle } from '@excursio/contract/permissions';
import type { RouteObject } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import type { RouteHandle } from '../../components/shell/navigation.ts';
import { lazyPage } from './lazy-page.ts';

const page = () => import('../../features/qr-codes/pages/qr-codes-page.tsx');
const MANAGE: PermissionTitle[] = ['Manage stores'];
const FEATURES: Feature[] = ['qr_codes'];

/** QR codes (specification §2 `/sales/qr-codes`). */
export const qrCodesRoutes: RouteObject[] = [
  {
    path: 'sales/qr-codes',
    handle: { title: 'QR codes' } satisfies RouteHandle,
    element: <AccessGuard permissions={MANAGE} features={FEATURES} />,
    children: [{ index: true, lazy: lazyPage(page, (m) => m.QrCodesPage) }],
  },
];
