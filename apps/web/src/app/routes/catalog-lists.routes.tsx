import type { RouteObject } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import type { RouteHandle } from '../../components/shell/navigation.ts';
import { lazyPage } from './lazy-page.ts';
import { sectionIndex } from './section-redirects.routes.tsx';

const handle = (title: string, tabs: RouteHandle['tabs']): RouteHandle => ({ title, tabs });
const pricingCategories = () => import('../../features/pricing/pages/pricing-categories-page.tsx');
const pricingCatalogue = () => import('../../features/pricing/pages/pricing-catalogue-page.tsx');
const inventoryItems = () => import('../../features/inventory/pages/inventory-items-page.tsx');
const inventoryGroups = () => import('../../features/inventory/pages/inventory-groups-pages.tsx');

/** Pricing categories, the pricing rates across offers, and inventory (specification §2 "Experiences"). */
export const catalogListRoutes: RouteObject[] = [
  {
    element: <AccessGuard permissions={['Manage experiences']} features={['experiences']} />,
    children: [
      {
        path: 'pricing-categories',
        handle: handle('Catalog', 'experiences'),
        lazy: lazyPage(pricingCategories, (m) => m.PricingCategoriesPage),
      },
      {
        path: 'pricing-catalogue',
        handle: handle('Catalog', 'experiences'),
        lazy: lazyPage(pricingCatalogue, (m) => m.PricingCataloguePage),
      },
    ],
  },
  {
    path: 'inventory',
    element: <AccessGuard permissions={['Manage inventory']} features={['inventory']} />,
    children: [
      sectionIndex('/inventory'),
      { path: 'overview', handle: handle('Inventory', 'inventory'), lazy: lazyPage(inventoryItems, (m) => m.InventoryItemsPage) },
      {
        path: 'categories',
        handle: handle('Inventory', 'inventory'),
        lazy: lazyPage(inventoryGroups, (m) => m.InventoryCategoriesPage),
      },
      {
        path: 'tags',
        handle: handle('Inventory', 'inventory'),
        lazy: lazyPage(inventoryGroups, (m) => m.InventoryTagsPage),
      },
    ],
  },
];
