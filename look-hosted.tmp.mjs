import { chromium } from '@playwright/test';
const base = 'http://localhost:3701';
const demo = 'http://demo.localhost:3701';
const tier = { id: 't1', code: 'supplier-growth', name: 'Growth', account_type: 'supplier', price_minor: 4900, currency: 'EUR', interval: 'month', features: [], platform_fee_bp: 200 };
const sub = { provider: 'test', test_mode: true, tier, status: 'active', current_period_end: '2026-12-26T10:00:00Z', cancel_at_period_end: false, grace_until: null, can_manage: true };
const pages = {
  onboarding: { id: 'p', kind: 'onboarding', organization: 'Demo Adventures', tier: null, subscription: null, expires_at: '2026-12-01T00:00:00Z' },
  'subscription-checkout': { id: 'p', kind: 'subscription_checkout', organization: 'Demo Adventures', tier, subscription: null, expires_at: '2026-12-01T00:00:00Z' },
  'billing-portal': { id: 'p', kind: 'billing_portal', organization: 'Demo Adventures', tier: null, subscription: sub, expires_at: '2026-12-01T00:00:00Z' },
  invalid: null,
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [vpName, vp, scheme] of [['desk', { width: 1280, height: 800 }, 'light'], ['phone', { width: 375, height: 812 }, 'light'], ['dark', { width: 1280, height: 800 }, 'dark']]) {
  const ctx = await browser.newContext({ viewport: vp, colorScheme: scheme });
  const page = await ctx.newPage();
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Email').fill('owner@demo.localhost');
  await page.getByLabel('Password').fill('excursio-demo-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${demo}/dashboard`);
  for (const [kind, body] of Object.entries(pages)) {
    await page.unrouteAll();
    await page.route('**/api/test-mode/pages/**', (route) => body ? route.fulfill({ json: body }) : route.fulfill({ status: 404, json: { type: 'client_error', errors: [{ code: 'not_found', detail: 'x', attr: null }] } }));
    await page.goto(`${demo}/test-mode/${kind === 'invalid' ? 'onboarding' : kind}/tok`);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/shots/hosted-${kind}-${vpName}.png`, fullPage: true });
  }
  await ctx.close();
}
await browser.close();
console.log('ok');
