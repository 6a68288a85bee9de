// What `use-sync-external-store/shim` exports, taken from React itself (see vite.config.ts).
export { useSyncExternalStore } from 'react';
