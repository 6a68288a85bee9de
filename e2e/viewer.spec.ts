import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, sidebar, signUpOwner, toast } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { latestMailTo, linkIn } from './support/mail.ts';
import { createOffer, editorUrl, offerRow, offersTable, openOffers } from './support/offers.ts';

test.describe.configure({ timeout: 120_000 });

test('an invited Viewer joins signed in, and reads an offer without any action they cannot take', async ({ page, browser }) => {
  const owner = await signUpOwner(page);

  // An offer with prices for adults and children, a schedule and a booking question.
  await openOffers(page);
  const id = await createOffer(page, 'Old town walk', 'Ticket & Passes');
  const api = apiAs(page);
  await api.patch(`/experiences/${id}/`, {
    short_description: 'Two hours through the old town.',
    description: 'Lanes, squares and the castle hill.',
    highlights: ['The view from the castle'],
  });
  const adult = await api.post('/pricing-categories/', { name: 'Adult', type: 'adult' });
  const child = await api.post('/pricing-categories/', { name: 'Child', type: 'child', min_age: 4, max_age: 17 });
  await api.post('/pricing-rates/', {
    experience_id: id,
    name: 'Standard',
    prices: [
      { pricing_category_id: adult.id, price: 3500 },
      { pricing_category_id: child.id, price: 1500 },
    ],
  });
  await api.post('/start-times/', {
    experience_id: id,
    time: '10:00',
    weekdays: [1, 2, 3, 4, 5],
    date_from: '2026-01-01',
    date_to: null,
    capacity: 12,
  });
  await api.post('/booking-questions/', { experience_id: id, question: 'Any food allergies?' });

  // The owner invites a Viewer, with the names they know.
  const email = `viewer-${owner.subdomain}@example.test`;
  await page.goto(dashboardUrl(owner.subdomain, '/settings/team/members'));
  await page.getByRole('button', { name: 'Invite member' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill('Vera');
  await dialog.getByLabel('Last name').fill('Viewer');
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Viewer', exact: true }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, 'Success!')).toBeVisible();

  // The invitation page says who joins what, with the names already filled in.
  const context = await browser.newContext();
  const viewer = await context.newPage();
  await viewer.goto(linkIn(await latestMailTo(email), '/auth/accept-invite'));
  await expect(viewer.getByRole('heading', { name: `Join ${owner.organization} on Excursio` })).toBeVisible();
  await expect(viewer.getByLabel('Email')).toHaveValue(email);
  await expect(viewer.getByLabel('First name')).toHaveValue('Vera');
  await expect(viewer.getByLabel('Last name')).toHaveValue('Viewer');
  await screenshot(viewer, 'viewer-01-invitation');
  await expectNoSeriousA11yViolations(viewer, 'invitation page');
  await viewer.getByLabel('Password', { exact: true }).fill('Lighthouse-Orchard-47!');
  await viewer.getByLabel('Confirm password').fill('Lighthouse-Orchard-47!');
  await viewer.getByRole('button', { name: 'Accept and sign in' }).click();
  // Signed in: no login form, no email typed again.
  await viewer.waitForURL(dashboardUrl(owner.subdomain));
  await expect(viewer.getByRole('heading', { name: 'Welcome, Vera' })).toBeVisible();
  // Quick links only to what a Viewer can open (capacity is read with 'View experiences' too).
  await expect(viewer.getByRole('list', { name: 'Quick links' }).getByRole('link')).toHaveText(['Catalog', 'Capacity']);

  // The catalog: no "New offer", no menu of disabled actions.
  await openOffers(viewer);
  await expect(offerRow(viewer, 'Old town walk')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'New offer' })).toHaveCount(0);
  await expect(offersTable(viewer).getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expect(offerRow(viewer, 'Old town walk')).toContainText('€35.00');
  await screenshot(viewer, 'viewer-02-catalog');

  // Clicking the offer opens it read-only: the preview and every step's data.
  await offerRow(viewer, 'Old town walk').getByRole('link', { name: 'Old town walk' }).click();
  await expect(viewer).toHaveURL(dashboardUrl(owner.subdomain, `/products/experiences/view/${id}`));
  await expect(viewer.getByText("You can view this offer. Changing it needs the 'Manage experiences' permission.")).toBeVisible();
  await expect(viewer.getByRole('heading', { level: 1, name: 'Old town walk' })).toBeVisible();
  await expect(viewer.getByTestId('from-price')).toHaveText('€35.00');
  await expect(viewer.getByText('per Adult')).toBeVisible();
  await expect(viewer.getByText('The view from the castle')).toBeVisible();
  const rate = viewer.getByRole('article', { name: 'Rate Standard' });
  await expect(rate.getByRole('row', { name: /Adult/ })).toContainText('€35.00');
  await expect(rate.getByRole('row', { name: /Child/ })).toContainText('€15.00');
  await expect(viewer.getByRole('list', { name: 'Start times' })).toContainText('10:00 · Weekdays');
  await expect(viewer.getByText('Any food allergies?')).toBeVisible();
  await expect(viewer.getByText('Ticket & Passes').first()).toBeVisible();
  // Nothing to change here.
  await expect(viewer.getByRole('button', { name: /^(Save|Edit|Delete|New|Duplicate|Offer actions)/ })).toHaveCount(0);
  await expect(viewer.getByRole('navigation', { name: 'Editor steps' })).toHaveCount(0);
  await screenshot(viewer, 'viewer-03-read-only-offer');
  await expectNoSeriousA11yViolations(viewer, 'read-only offer');

  // An editor link shared with them opens the same read-only offer.
  await viewer.goto(editorUrl(owner.subdomain, id, 'pricing'));
  await expect(viewer).toHaveURL(dashboardUrl(owner.subdomain, `/products/experiences/view/${id}`));
  await expect(viewer.getByRole('article', { name: 'Rate Standard' })).toBeVisible();
  await expect(sidebar(viewer).getByRole('link', { name: 'Catalog', exact: true })).toHaveAttribute('aria-current', 'page');
  await context.close();
});
