import type { RouteObject } from 'react-router';
import { analyticsRoutes } from './analytics.routes.tsx';
import { bookingsRoutes } from './bookings.routes.tsx';
import { capacityRoutes } from './capacity.routes.tsx';
import { catalogListRoutes } from './catalog-lists.routes.tsx';
import { customersRoutes } from './customers.routes.tsx';
import { experiencesRoutes } from './experiences.routes.tsx';
import { notBuiltRoutes } from './not-built.routes.tsx';
import { ordersRoutes } from './orders.routes.tsx';
import { partnersRoutes } from './partners.routes.tsx';
import { qrCodesRoutes } from './qr-codes.routes.tsx';
import { sectionRedirectRoutes } from './section-redirects.routes.tsx';
import { settingsRoutes } from './settings.routes.tsx';
import { storesRoutes } from './stores.routes.tsx';

/** Every area of the dashboard, in the order the router matches them (built areas before the not-built page and the section redirects). */
export const areaRoutes: RouteObject[] = [
  ...settingsRoutes,
  ...catalogListRoutes,
  ...experiencesRoutes,
  ...capacityRoutes,
  ...ordersRoutes,
  ...bookingsRoutes,
  ...customersRoutes,
  ...storesRoutes,
  ...qrCodesRoutes,
  ...analyticsRoutes,
  ...partnersRoutes,
  ...notBuiltRoutes,
  ...sectionRedirectRoutes,
];
