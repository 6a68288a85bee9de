import type { ComponentType } from 'react';

/** Route `lazy` for one page component: the page's module loads on first navigation. */
export const lazyPage =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });
