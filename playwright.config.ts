import { defineConfig } from '@playwright/test';

// The real built app, started as `npm start` starts it, on its own port and data directory
// (E2E_PORT lets two checkouts on one machine run their specs side by side).
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = PORT === 3100 ? 'data/e2e' : `data/e2e-${PORT}`;
// A service worker's own requests reach context.route (the check-in spec cuts them off with the
// network: setOffline alone does not apply to them). Set here so the workers inherit it.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

export default defineConfig({
  testDir: 'e2e',
  outputDir: PORT === 3100 ? 'test-results' : `test-results-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous: a spec walks a whole flow (sign-up, invitation, two browsers) on a shared 2-core machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && npm run start -w @excursio/server`,
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    // A loaded shared machine can take more than a minute to start the server.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      APP_DOMAIN: `localhost:${PORT}`,
      DATA_DIR: E2E_DATA_DIR,
      // Many sign-ups from one address in a minute; rate limits have their own API test.
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      // The webhooks spec's receiver listens on loopback, which the outbound guard refuses otherwise.
      WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
      // The job queue looks for due customer messages every 5 s instead of every minute.
      JOBS_SWEEP_SECONDS: '5',
    },
  },
});
