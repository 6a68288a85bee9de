import type { Feature, PermissionTitle } from '@excursio/contract/permissions';
import type { RouteObject } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import { NotAvailablePage } from '../../components/not-available-page.tsx';
import type { RouteHandle, TabGroup } from '../../components/shell/navigation.ts';

type Area = {
  path: string;
  title: string;
  /** How the page names the area; the title when left out. */
  area?: string;
  plural?: boolean;
  permissions: PermissionTitle[];
  /** The plan features the area will need: the subscription guard comes before "not available yet". */
  features?: Feature[];
  tabs?: TabGroup;
};

/**
 * Areas of the route table that are not built yet: one shared page naming the area, behind the
 * same permission and plan guards the area will have.
 */
const AREAS: Area[] = [];

export const notBuiltRoutes: RouteObject[] = AREAS.map((area) => ({
  path: area.path,
  handle: { title: area.title, tabs: area.tabs } satisfies RouteHandle,
  element: (
    <AccessGuard permissions={area.permissions} features={area.features}>
      <NotAvailablePage area={area.area ?? area.title} plural={area.plural} />
    </AccessGuard>
  ),
}));
