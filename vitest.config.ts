import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure rules, no database) and `api` (the app through app.inject on a fresh
// database: PGlite snapshots by default, PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
          env: { TZ: 'UTC' },
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          env: { TZ: 'UTC' },
          // PGlite costs ~300 MB and a core per file: two at a time on this machine.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
