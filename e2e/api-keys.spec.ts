import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { BARE, dashboardUrl, login, PORT, screenshot, sidebar, toast } from './support/account.ts';
import { DEMO } from './support/demo.ts';

/**
 * A server-to-server client: the organization's address as the Host (this machine's resolver does not
 * know `*.localhost`, the browser does), the key as a bearer token, no cookie and no Origin.
 */
const callApi = (request: APIRequestContext, secret: string, method: 'GET' | 'POST', path: string, data?: object) =>
  request.fetch(`${BARE}/api${path}`, {
    method,
    headers: { host: `${DEMO.subdomain}.localhost:${PORT}`, authorization: `Bearer ${secret}` },
    data,
  });

test('the owner creates an API key, a server uses it within its permissions, and the owner revokes it', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: dashboardUrl(DEMO.subdomain, '') });
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);

  await sidebar(page).getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(dashboardUrl(DEMO.subdomain, '/settings/api-keys'));
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
  await expect(page.getByText('There are no API keys yet.')).toBeVisible();
  await screenshot(page, 'api-keys-01-empty');

  // Create: a name and two permissions.
  await page.getByRole('button', { name: 'New API key' }).first().click();
  const form = page.getByRole('dialog', { name: 'New API key' });
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText('Give the key a name.')).toBeVisible();
  await form.getByLabel('Name').fill('Booking sync');
  await form.getByRole('checkbox', { name: 'View experiences' }).check();
  await form.getByRole('checkbox', { name: 'Manage customers' }).check();
  await expectNoSeriousA11yViolations(page, 'new API key dialog');
  await screenshot(page, 'api-keys-02-form');
  await form.getByRole('button', { name: 'Create key' }).click();

  // The secret, once, with a copy button.
  const created = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(created.getByText('This is the only time the key is shown.')).toBeVisible();
  const secret = (await created.getByTestId('API key').textContent()) ?? '';
  expect(secret).toMatch(/^exc_live_[A-Za-z0-9]{40}$/);
  await created.getByRole('button', { name: 'Copy api key' }).click();
  await expect(created.getByRole('button', { name: 'Copy api key' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoSeriousA11yViolations(page, 'new API key shown once');
  await screenshot(page, 'api-keys-03-secret');
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();

  const table = page.getByRole('table', { name: 'API keys' });
  const row = table.getByRole('row').filter({ hasText: 'Booking sync' });
  await expect(row).toContainText(secret.slice(0, 17));
  await expect(row).toContainText('View experiences');
  await expect(row).toContainText('Manage customers');
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');
  // The list never carries the secret.
  await expect(page.getByText(secret)).toHaveCount(0);

  // A server uses it: what its permissions cover, and nothing else.
  const offers = await callApi(request, secret, 'GET', '/experiences/?page_size=5');
  expect(offers.status(), await offers.text()).toBe(200);
  expect((await offers.json()).count).toBeGreaterThan(0);
  const customer = await callApi(request, secret, 'POST', '/customers/', {
    first_name: 'Grace',
    last_name: 'Hopper',
    email: `grace-${Date.now()}@example.test`,
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const orders = await callApi(request, secret, 'GET', '/orders/');
  expect(orders.status()).toBe(403);
  expect((await orders.json()).errors[0].code).toBe('permission_denied');

  // Its last use shows (recorded just after the answer).
  await expect(async () => {
    await page.reload();
    await expect(row).not.toContainText('Never');
  }).toPass();
  await expectNoSeriousA11yViolations(page, 'API keys list');
  await screenshot(page, 'api-keys-04-used');

  // Revoke, with a confirmation; the key is refused from the next request on.
  await page.getByRole('button', { name: 'Revoke Booking sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
  await expect(confirm).toContainText('Requests made with it are refused from now on.');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'API key revoked.')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(page.getByRole('button', { name: 'Revoke Booking sync' })).toHaveCount(0);
  const refused = await callApi(request, secret, 'GET', '/experiences/');
  expect(refused.status()).toBe(401);
  await screenshot(page, 'api-keys-05-revoked');

  // The status filter.
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Active', { exact: true }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(page.getByText('No API keys match these filters.')).toBeVisible();

  // On a phone the list becomes cards. Then a look at the dark theme (a picture only: axe finds the
  // dashboard's dark filled buttons, white on brand-5, at 4.14:1 on every page, not this page's own).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page.getByText('Booking sync')).toBeVisible();
  await screenshot(page, 'api-keys-06-phone');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByRole('table', { name: 'API keys' })).toBeVisible();
  await screenshot(page, 'api-keys-07-dark');
});
