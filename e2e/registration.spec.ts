import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { activateFromMail, BARE, dashboardUrl, fillRegistration, login, newOwner, screenshot } from './support/account.ts';
import { latestMailTo, linkIn } from './support/mail.ts';

test('a supplier registers, activates the account from the mail and logs in on their subdomain', async ({ page }) => {
  const owner = newOwner();

  await fillRegistration(page, owner);
  await expect(page.getByText(MESSAGES.registered)).toBeVisible();
  // Off to /dashboard, which on the bare domain without a session asks for a login.
  await page.waitForURL(`${BARE}/auth/login`);
  await expect(page.getByRole('heading', { name: 'Log in to Excursio' })).toBeVisible();
  await screenshot(page, 'registration-01-registered');

  const mail = await latestMailTo(owner.email);
  expect(linkIn(mail, '/auth/activate')).toContain('token=');
  await activateFromMail(page, owner.email);
  await expect(page.getByText('You can now log in to Excursio.')).toBeVisible();
  await screenshot(page, 'registration-02-activated');

  // A wrong password: an error toast, and the browser stays on the login page.
  await page.goto(`${BARE}/auth/login`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill('Not-The-Right-One-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  const errorToast = page.getByRole('alert').filter({ hasText: 'Error' });
  await expect(errorToast).toBeVisible();
  await expect(page).toHaveURL(`${BARE}/auth/login`);
  await screenshot(page, 'registration-03-wrong-password');

  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(dashboardUrl(owner.subdomain));
  await expect(page.getByRole('heading', { name: 'Welcome, Erika' })).toBeVisible();
  await expect(page.getByRole('main').getByText(owner.organization).first()).toBeVisible();
  await screenshot(page, 'registration-04-dashboard');
});

test.describe('sign-up in Ljubljana', () => {
  test.use({ timezoneId: 'Europe/Ljubljana' });

  test('the browser’s zone is the organization’s, a suggested subdomain clears a stale message, a used link says active', async ({
    page,
  }) => {
    const owner = newOwner();
    await page.goto(`${BARE}/auth/register`);
    // The zone is offered, the browser's chosen.
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Ljubljana', { timeout: 30_000 });

    // Leaving the subdomain empty shows its message; the suggestion from the organization name clears it.
    await page.getByLabel('Subdomain').focus();
    await page.getByLabel('Organization name').focus();
    await expect(page.getByText('Subdomain must be at least 3 characters long.')).toBeVisible();
    await page.getByLabel('Organization name').fill(`Harbour ${owner.subdomain}`);
    await expect(page.getByLabel('Subdomain')).toHaveValue(`harbour-${owner.subdomain}`);
    await expect(page.getByText('Subdomain must be at least 3 characters long.')).toHaveCount(0);
    await screenshot(page, 'registration-05-zone-and-subdomain');

    await page.getByLabel('First name').fill('Erika');
    await page.getByLabel('Last name').fill('Example');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByLabel('Subdomain').fill(owner.subdomain);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(MESSAGES.registered)).toBeVisible();

    // The activation link works once; opened again it says the account is active.
    const link = linkIn(await latestMailTo(owner.email), '/auth/activate');
    await activateFromMail(page, owner.email);
    await page.goto(link);
    await expect(page.getByText('This account is already active. Log in.')).toBeVisible();
    await expect(page.getByText('Activation failed')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Send a new activation email' })).toHaveCount(0);
    await screenshot(page, 'registration-06-already-active');

    // The organization works in Ljubljana's zone.
    await login(page, owner.email, owner.password, owner.subdomain);
    const configuration = await page.evaluate(async () => (await fetch('/api/product-configuration/')).json());
    expect(configuration.default_time_zone).toBe('Europe/Ljubljana');
  });
});
