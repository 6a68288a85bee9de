import type { Feature, PermissionTitle } from '@excursio/contract/permissions';
import { Navigate, type RouteObject, useParams } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import { NoPermission } from '../../components/guards/guard-message.tsx';
import type { RouteHandle } from '../../components/shell/navigation.ts';
import { lazyPage } from './lazy-page.ts';

const overview = () => import('../../features/experiences/pages/offers-overview-page.tsx');
const editor = () => import('../../features/experiences/pages/offer-editor-page.tsx');
const view = () => import('../../features/experiences/pages/offer-view-page.tsx');

const FEATURES: Feature[] = ['experiences'];
const VIEW: PermissionTitle[] = ['View experiences'];
const MANAGE: PermissionTitle[] = ['Manage experiences'];

const VIEW_PATH = '/products/experiences/view';

/** An editor link opened by someone who may view offers but not change them: the read-only view. */
const ViewInstead = () => {
  const { experienceId } = useParams();
  return experienceId ? <Navigate to={`${VIEW_PATH}/${experienceId}`} replace /> : <NoPermission />;
};

/** Offers: the overview (Catalog tab), the offer editor (specification §2) and the read-only view. */
export const experiencesRoutes: RouteObject[] = [
  {
    path: 'products/experiences/overview',
    handle: { title: 'Catalog', tabs: 'experiences' } satisfies RouteHandle,
    element: <AccessGuard permissions={VIEW} features={FEATURES} />,
    children: [{ index: true, lazy: lazyPage(overview, (m) => m.OffersOverviewPage) }],
  },
  {
    path: 'products/experiences/editor',
    handle: { title: 'Offer editor', pageTabs: true } satisfies RouteHandle,
    element: (
      <AccessGuard
        permissions={MANAGE}
        features={FEATURES}
        whenDenied={
          <AccessGuard permissions={VIEW}>
            <ViewInstead />
          </AccessGuard>
        }
      />
    ),
    children: [
      // Without an id the editor reports the specification's missing-id message.
      { index: true, lazy: lazyPage(editor, (m) => m.OfferEditorPage) },
      { path: ':experienceId/:step?', lazy: lazyPage(editor, (m) => m.OfferEditorPage) },
    ],
  },
  {
    path: VIEW_PATH.slice(1),
    handle: { title: 'Offer' } satisfies RouteHandle,
    element: <AccessGuard permissions={VIEW} features={FEATURES} />,
    children: [
      { index: true, lazy: lazyPage(view, (m) => m.OfferViewPage) },
      { path: ':experienceId', lazy: lazyPage(view, (m) => m.OfferViewPage) },
    ],
  },
];
