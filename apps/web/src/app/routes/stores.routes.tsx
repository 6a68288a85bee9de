import type { Feature, PermissionTitle } from '@excursio/contract/permissions';
import type { RouteObject } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import type { RouteHandle } from '../../components/shell/navigation.ts';
import { lazyPage } from './lazy-page.ts';

const list = () => import('../../features/stores/pages/stores-list-page.tsx');
const editor = () => import('../../features/stores/pages/store-editor-page.tsx');

const MANAGE: PermissionTitle[] = ['Manage stores'];
const FEATURES: Feature[] = ['stores'];

/** Stores (specification §2): the list and the store editor (overview, store-products, settings, add-products). */
export const storesRoutes: RouteObject[] = [
  {
    path: 'sales/stores',
    handle: { title: 'Stores' } satisfies RouteHandle,
    element: <AccessGuard permissions={MANAGE} features={FEATURES} />,
    children: [{ index: true, lazy: lazyPage(list, (m) => m.StoresListPage) }],
  },
  {
    path: 'sales/stores/editor',
    handle: { title: 'Store editor', pageTabs: true } satisfies RouteHandle,
    element: <AccessGuard permissions={MANAGE} features={FEATURES} />,
    children: [
      // Without an id the editor reports the specification's missing-id message.
      { index: true, lazy: lazyPage(editor, (m) => m.StoreEditorPage) },
      { path: ':storeId/:step?', lazy: lazyPage(editor, (m) => m.StoreEditorPage) },
    ],
  },
];
