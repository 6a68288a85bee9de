import { chromium } from '@playwright/test';
const demo = 'http://demo.localhost:3701';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const variants = {
  unavailable: { payment_available: false, reserve_without_payment: false },
  later: { payment_available: false, reserve_without_payment: true },
  redirect: { payment_available: true, payment_test_mode: false },
};
for (const [name, patch] of Object.entries(variants)) {
  for (const lang of ['en', 'de']) {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await page.route('**/api/webstores/', async (route) => {
      const res = await route.fetch({ url: 'http://127.0.0.1:3701/api/webstores/', headers: { ...route.request().headers(), host: 'demo.localhost:3701' } });
      const body = await res.json();
      body.results = body.results.map((s) => ({ ...s, ...patch }));
      await route.fulfill({ response: res, json: body });
    });
    await page.goto(`${demo}/s/`);
    if (lang === 'de') { await page.getByRole('combobox', { name: 'Language' }).selectOption('de'); await page.waitForTimeout(500); }
    await page.locator('a[href*="/offers/"]').first().click(); await page.waitForTimeout(1500); await page.screenshot({ path: '/tmp/shots/dbg.png' });
    const panel = page.locator('#book');
    await panel.getByRole('button', { name: /\d{1,2}\.? [A-Za-zä]+ \d{4}$/ }).first().click();
    await panel.getByRole('radio').first().check();
    await panel.locator('button.button--primary').last().click();
    await page.waitForTimeout(800);
    await page.locator('main button.button--primary').first().click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/webstore-${name}-${lang}.png`, fullPage: true });
    console.log(name, lang);
    await ctx.close();
  }
}
await browser.close();
