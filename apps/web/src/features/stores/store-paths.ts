/** The store editor's steps (specification §2) and the tabs that show them. */
export const STORE_STEPS = ['overview', 'store-products', 'settings', 'add-products'] as const;
export type StoreStep = (typeof STORE_STEPS)[number];

export const STORE_STEP_LABELS: Record<StoreStep, string> = {
  overview: 'Analytics',
  'store-products': 'Products',
  settings: 'Settings',
  'add-products': 'Global catalog',
};

/** Where the editor lands when the URL names no step (and after a store is created). */
export const STORE_LANDING_STEP: StoreStep = 'settings';

export const STORES_LIST_PATH = '/sales/stores';

export const storeEditorPath = (storeId: string, step: StoreStep = STORE_LANDING_STEP) =>
  `/sales/stores/editor/${storeId}/${step}`;

export const isStoreStep = (value: string | undefined): value is StoreStep =>
  (STORE_STEPS as readonly string[]).includes(value ?? '');
