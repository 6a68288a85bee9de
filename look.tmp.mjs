import { chromium } from '@playwright/test';
const base = 'http://localhost:3701';
const demo = 'http://demo.localhost:3701';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const shots = process.argv.slice(2);
for (const [name, vp] of [['desk', { width: 1280, height: 900 }], ['phone', { width: 375, height: 812 }]]) {
  const ctx = await browser.newContext({ viewport: vp });
  const page = await ctx.newPage();
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Email').fill('owner@demo.localhost');
  await page.getByLabel('Password').fill('excursio-demo-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${demo}/dashboard`);
  for (const path of shots) {
    await page.goto(`${demo}${path}`);
    await page.waitForTimeout(1500);
    const file = `/tmp/shots/${name}-${path.replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await ctx.close();
}
await browser.close();
