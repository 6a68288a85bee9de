import { readdirSync } from 'node:fs';
import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { BARE, dashboardUrl, fillRegistration, newOwner, screenshot, toast } from './support/account.ts';
import { latestMailTo, linkIn, MAIL_DIR } from './support/mail.ts';

const mailsTo = (address: string) => {
  try {
    return readdirSync(MAIL_DIR).filter((f) => f.endsWith('.eml') && f.includes(address.replace(/[^a-z0-9@._-]/gi, '_'))).length;
  } catch {
    return 0;
  }
};

test('signing in before activating offers to resend the activation email, and the new link works', async ({ page }) => {
  const owner = newOwner();
  await fillRegistration(page, owner);
  await expect(page.getByText(MESSAGES.registered)).toBeVisible();
  await latestMailTo(owner.email);
  const before = mailsTo(owner.email);

  // Not activated: the error, and a way forward.
  await page.goto(`${BARE}/auth/login`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'No active account found with the given credentials.')).toBeVisible();
  const offer = page.getByRole('alert').filter({ hasText: 'Not activated yet?' });
  await expect(offer).toContainText(owner.email);
  await screenshot(page, 'login-01-resend-offer');
  await expectNoSeriousA11yViolations(page, 'login with the resend offer');
  await offer.getByRole('button', { name: 'Resend activation email' }).click();
  await expect(toast(page, MESSAGES.activationResent)).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Activation email sent' })).toBeDisabled();
  await expect.poll(() => mailsTo(owner.email)).toBe(before + 1);

  // The new link activates the account; signing in now works.
  await page.goto(linkIn(await latestMailTo(owner.email), '/auth/activate'));
  await expect(page.getByText('Your account is active')).toBeVisible();
  await page.goto(`${BARE}/auth/login`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(dashboardUrl(owner.subdomain));
});
