import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ResolveModulePreloadDependenciesFn, type Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/** Modules of the named packages, wherever npm put them. */
const packages = (names: string[]) => new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);

/**
 * What of Mantine every dashboard screen runs: its core (MantineProvider, Box, the styles API,
 * factories, utilities) and the small components the shell and nearly every page render. The
 * per-route split cut them into some thirty chunks, each named in every lazy route's preload list;
 * one chunk instead takes about 6 KB gzip off every dashboard page. (The login page and the webstore
 * use no Mantine.)
 */
const MANTINE_EVERYWHERE = [
  'ActionIcon',
  'Anchor',
  'Badge',
  'Button',
  'Center',
  'CloseButton',
  'Group',
  'Loader',
  'Paper',
  'SimpleGrid',
  'Skeleton',
  'Stack',
  'Text',
  'ThemeIcon',
  'Title',
  'Transition',
  'UnstyledButton',
];
const mantineEverywhere = new RegExp(
  `[\\\\/]node_modules[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/](core|components[\\\\/](${MANTINE_EVERYWHERE.join('|')}))[\\\\/]`,
);

/**
 * Two Mantine components that every screen renders take one small thing from a large package:
 * ScrollArea (the sidebar) only `useMergeRefs` from @floating-ui/react, the AppShell header only
 * `RemoveScroll.classNames` from react-remove-scroll. They get the small modules of
 * src/lib/shell-shims/ instead; tooltips, menus, popovers and modals still get the real packages,
 * loaded when they are used. Should a Mantine upgrade import more from there, the build fails on
 * the missing export.
 */
const shims: { importer: RegExp; source: string; shim: string }[] = [
  { importer: /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/, source: '@floating-ui/react', shim: 'scroll-area-refs.ts' },
  { importer: /[\\/]AppShell[\\/]AppShell\w+[\\/]\w+\.mjs$/, source: 'react-remove-scroll', shim: 'app-shell-remove-scroll.ts' },
];
const shellShims: Plugin = {
  name: 'shell-shims',
  enforce: 'pre',
  resolveId(source, importer) {
    const hit = importer && shims.find((s) => s.source === source && s.importer.test(importer));
    return hit ? fileURLToPath(new URL(`./src/lib/shell-shims/${hit.shim}`, import.meta.url)) : null;
  },
};

/**
 * `use-sync-external-store/shim` (imported by wouter and react-i18next) only re-exports React's own
 * hook on React 18+; React's is used directly, so the webstore's entry does not pull the package in
 * (and with it the `redux` chunk, whose group matches it). Its `shim/with-selector` (recharts) is
 * the package's plain `with-selector`, the one React Redux uses: captured by the `redux` group, the
 * shim's copy took this shim module into that chunk, so the webstore loaded all of Redux again.
 */
const syncStoreShim: Plugin = {
  name: 'use-sync-external-store-shim',
  enforce: 'pre',
  resolveId(source, importer) {
    if (/^use-sync-external-store\/shim(\/index\.js)?$/.test(source)) {
      return fileURLToPath(new URL('./src/webstore/sync-external-store.ts', import.meta.url));
    }
    if (/^use-sync-external-store\/shim\/with-selector(\.js)?$/.test(source)) {
      return this.resolve('use-sync-external-store/with-selector.js', importer, { skipSelf: true });
    }
    return null;
  },
};

/**
 * Charts (recharts, under @mantine/charts) build a Redux store of their own with parts of Redux
 * Toolkit, Redux, Immer, Reselect and React Redux the app never uses. One module's used exports are
 * kept for every importer, so those parts landed in the `redux` chunk every screen loads (+2.9 KB
 * gzip). Charts get the packages' other ESM builds (`*.legacy-esm.js`) instead: modules of their
 * own, tree-shaken for them and loaded with the chart. (Recharts gives React Redux a context of its
 * own, so a second copy cannot meet the app's store.)
 */
const CHARTS_OWN: Record<string, string> = {
  '@reduxjs/toolkit': '@reduxjs/toolkit/dist/redux-toolkit.legacy-esm.js',
  redux: 'redux/dist/redux.legacy-esm.js',
  immer: 'immer/dist/immer.legacy-esm.js',
  reselect: 'reselect/dist/reselect.legacy-esm.js',
  'react-redux': 'react-redux/dist/react-redux.legacy-esm.js',
};
const chartsOwnToolkit: Plugin = {
  name: 'charts-own-redux-toolkit',
  enforce: 'pre',
  resolveId(source, importer) {
    const own = CHARTS_OWN[source];
    const fromCharts = importer && (/[\\/]node_modules[\\/]recharts[\\/]/.test(importer) || importer.endsWith('.legacy-esm.js'));
    return own && fromCharts ? fileURLToPath(new URL(`../../node_modules/${own}`, import.meta.url)) : null;
  },
};

/**
 * Each dynamic `import()` of the build carries the list of chunks to fetch with it, so they download
 * in parallel. Vite lists every chunk the imported one needs, including those the importing chunk
 * imports itself: loaded before its code runs, fetching them again does nothing, yet their names
 * came with every lazy route of the router's table. The lists leave those out (`withoutLoaded`,
 * -1.4 KB gzip on every dashboard page); stylesheets are not touched.
 */
let bundle: Rolldown.OutputBundle | undefined;
const keepBundle: Plugin = {
  name: 'keep-bundle',
  generateBundle: {
    order: 'pre',
    handler(_options, output) {
      bundle = output;
    },
  },
};
/** A chunk and every chunk it imports statically, directly or not. */
const staticGraph = (fileName: string, found = new Set<string>()) => {
  const chunk = bundle?.[fileName];
  if (found.has(fileName) || chunk?.type !== 'chunk') return found;
  found.add(fileName);
  for (const imported of chunk.imports) staticGraph(imported, found);
  return found;
};
const withoutLoaded: ResolveModulePreloadDependenciesFn = (_file, deps, { hostId, hostType }) => {
  if (hostType !== 'js') return deps;
  const loaded = staticGraph(hostId);
  return deps.filter((dep) => !loaded.has(dep));
};

/** The login page's path, as http/spa.ts matches it (with or without the trailing slash). */
const LOGIN_PATH = /^\/auth\/login\/?(\?.*)?$/;

/** `npm run dev` serves /auth/login from login.html too, as the server does in production. */
const loginPageInDev: Plugin = {
  name: 'login-page-in-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const match = req.method === 'GET' && req.url ? LOGIN_PATH.exec(req.url) : null;
      if (match) req.url = `/login.html${match[1] ?? ''}`;
      next();
    });
  },
};

export default defineConfig({
  plugins: [
    react(),
    shellShims,
    syncStoreShim,
    chartsOwnToolkit,
    keepBundle,
    loginPageInDev,
    // A .br (quality 11) and a .gz (level 9) beside every text file of the build, public files
    // included: the server sends them as they are (`preCompressed` in http/spa.ts), so the
    // strongest settings cost build time once instead of CPU on every request. Files that would not
    // shrink get no sibling and are sent as they are.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      algorithms: ['brotliCompress', 'gzip'],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the build targets supports <link rel="modulepreload">.
    modulePreload: { polyfill: false, resolveDependencies: withoutLoaded },
    rolldownOptions: {
      // Three pages: the dashboard; the public webstore (/s/*, served by http/spa.ts), which shares
      // only React with it and has a budget of its own (`npm run bench:webstore`); and the login page
      // (/auth/login, also served by http/spa.ts): plain React, no Mantine, Redux or router, so its
      // first screen stays within its budget (`npm run bench:web`).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        webstore: fileURLToPath(new URL('./webstore.html', import.meta.url)),
        login: fileURLToPath(new URL('./login.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // What every screen runs, in chunks of its own instead of spread over the shared
          // chunks of the per-route split: fewer requests, slightly better compression, and they
          // stay cached across releases that do not upgrade them. Everything else (Mantine's other
          // components, forms, zod, dates, charts, dnd-kit) stays split by route, so a page loads
          // only the parts it renders.
          groups: [
            { name: 'react', test: packages(['react', 'react-dom', 'scheduler']) },
            { name: 'router', test: packages(['react-router']) },
            { name: 'mantine', test: mantineEverywhere },
            // Only floating-ui itself: the chunk it would share with a few small Mantine modules
            // (useDirection) would load it on every screen, tooltips and menus load it on demand.
            { name: 'floating-ui', test: packages(['@floating-ui']) },
            {
              name: 'redux',
              // Not the charts' own copies (chartsOwnToolkit): they load with the chart.
              test: (id: string) =>
                packages(['@reduxjs', 'immer', 'redux', 'reselect', 'react-redux', 'use-sync-external-store']).test(id) &&
                !id.endsWith('.legacy-esm.js'),
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // Subdomains (demo.localhost:5173) are the tenants; accept every *.localhost host.
    allowedHosts: ['.localhost'],
    proxy: {
      // changeOrigin false keeps the Host header, so the server sees the tenant subdomain.
      '/api': { target: apiTarget, changeOrigin: false },
      '/schema': { target: apiTarget, changeOrigin: false },
    },
  },
});
