import type { Feature, PermissionTitle } from '@excursio/contract/permissions';
import type { RouteObject } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import type { RouteHandle } from '../../components/shell/navigation.ts';
import { lazyPage } from './lazy-page.ts';

const overview = () => import('../../features/experiences/pages/offers-overview-page.tsx');
const editor = () => import('../../features/experiences/pages/offer-editor-page.tsx');

const FEATURES: Feature[] = ['experiences'];
const VIEW: PermissionTitle[] = ['View experiences'];
const MANAGE: PermissionTitle[] = ['Manage experiences'];

/** Offers: the overview (Catalog tab) and the offer editor (specification §2). */
export const experiencesRoutes: RouteObject[] = [
  {
    path: 'products/experiences/overview',
    handle: { title: 'Offers', tabs: 'experiences' } satisfies RouteHandle,
    element: <AccessGuard permissions={VIEW} features={FEATURES} />,
    children: [{ index: true, lazy: lazyPage(overview, (m) => m.OffersOverviewPage) }],
  },
  {
    path: 'products/experiences/editor',
    handle: { title: 'Offer editor' } satisfies RouteHandle,
    element: <AccessGuard permissions={MANAGE} features={FEATURES} />,
    children: [
      // Without an id the editor reports the specification's missing-id message.
      { index: true, lazy: lazyPage(editor, (m) => m.OfferEditorPage) },
      { path: ':experienceId/:step?', lazy: lazyPage(editor, (m) => m.OfferEditorPage) },
    ],
  },
];
