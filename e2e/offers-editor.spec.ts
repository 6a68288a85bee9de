import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { dashboardUrl, screenshot, signUpOwner, tabs, toast } from './support/account.ts';
import {
  addListItems,
  choose,
  countRequests,
  createOffer,
  editorSteps,
  editorUrl,
  expectOfferUpdated,
  fillBasicInfo,
  goToStep,
  offerPatches,
  offerRow,
  openOffers,
  save,
  saveAndContinue,
} from './support/offers.ts';

// Sign-up plus a walk through several steps: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

test('an owner creates an offer and walks basic info, description and settings', async ({ page }) => {
  const owner = await signUpOwner(page);

  // The overview: Catalog tab, empty state with the primary action.
  await openOffers(page);
  await expect(tabs(page).getByRole('link', { name: 'Catalog' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs(page).getByRole('link', { name: 'Pricing categories' })).toBeVisible();
  await expect(tabs(page).getByRole('link', { name: 'Pricing rates' })).toBeVisible();
  await expect(page.getByText('You have no offers yet.')).toBeVisible();
  await screenshot(page, 'offers-01-empty');

  const id = await createOffer(page, 'Sunset kayak tour', 'Ticket & Passes');
  const patches = offerPatches(page, id);
  await expect(editorSteps(page).getByRole('link', { name: 'Basic Info' })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('Ticket & Passes').first()).toBeVisible();

  // Invalid: no request, no navigation, the field says why.
  await page.getByLabel('Title').fill('   ');
  await saveAndContinue(page);
  await expect(page.getByText('This field may not be blank.')).toBeVisible();
  await expect(page).toHaveURL(/\/basic-info$/);
  expect(patches.count).toBe(0);

  await page.getByLabel('Title').fill('Sunset kayak tour in Ljubljana');
  await fillBasicInfo(page, {
    category: 'Activities',
    subcategory: 'Water sports',
    place: { search: 'Ljubljana', option: /^Ljubljana/ },
    hours: 2,
    minutes: 30,
    languages: ['English', 'German'],
    minGroup: 2,
    maxGroup: 12,
  });
  await screenshot(page, 'offers-02-basic-info');
  await saveAndContinue(page);
  await expectOfferUpdated(page);
  await expect(page).toHaveURL(/\/description$/);
  expect(patches.count).toBe(1);
  expect(patches.body()).toMatchObject({
    title: 'Sunset kayak tour in Ljubljana',
    category: 'activities',
    subcategory: 'water-sports',
    city: 'Ljubljana',
    country_code: 'SI',
    time_zone: 'Europe/Ljubljana',
    duration_minutes: 150,
    languages: ['en', 'de'],
    min_group_size: 2,
    max_group_size: 12,
  });
  // Only what changed is sent.
  expect(patches.body()).not.toHaveProperty('currency');
  expect(patches.body()).not.toHaveProperty('type');

  // Back on basic info after a reload: the values are stored; nothing changed → no request.
  await page.goto(editorUrl(owner.subdomain, id, 'basic-info'));
  await expect(page.getByLabel('Title')).toHaveValue('Sunset kayak tour in Ljubljana');
  await expect(page.getByLabel('Duration: hours')).toHaveValue('2');
  await expect(page.getByLabel('Minutes', { exact: true })).toHaveValue('30');
  await expect(page.getByLabel('City')).toHaveValue('Ljubljana');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/description$/);
  expect(patches.count).toBe(1);
  await expect(toast(page, MESSAGES.experienceUpdated)).toHaveCount(0);

  // Description.
  await page.getByLabel('Short description').fill('Paddle the Ljubljanica at golden hour.');
  await page.getByLabel('Description', { exact: true }).fill('Two and a half hours on the river through the old town.');
  await addListItems(page, 'highlight', ['The Dragon Bridge from the water', 'Sunset over the castle']);
  await addListItems(page, 'included item', ['Kayak and paddle', 'Dry bag']);
  await addListItems(page, 'excluded item', ['Hotel pick-up']);
  await addListItems(page, 'item to bring', ['Swimwear']);
  await page.getByRole('button', { name: 'Remove highlight 2' }).click();
  await screenshot(page, 'offers-03-description');
  await saveAndContinue(page);
  await expectOfferUpdated(page);
  await expect(page).toHaveURL(/\/pricing$/);
  expect(patches.count).toBe(2);
  expect(patches.body()).toEqual({
    short_description: 'Paddle the Ljubljanica at golden hour.',
    description: 'Two and a half hours on the river through the old town.',
    highlights: ['The Dragon Bridge from the water'],
    included: ['Kayak and paddle', 'Dry bag'],
    not_included: ['Hotel pick-up'],
    what_to_bring: ['Swimwear'],
  });

  // Settings: what is missing before going Active, and Active is not selectable yet.
  await goToStep(page, 'Settings', 'settings');
  await expect(page.getByText('Not ready to publish yet')).toBeVisible();
  await expect(page.getByText('Upload at least one image.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Active', exact: true })).toBeDisabled();
  // Open-dated passes need no start times.
  await expect(page.getByText('Add at least one start time.')).toBeVisible();
  await page.getByRole('switch', { name: 'Open-dated' }).click();
  await expect(page.getByText('Add at least one start time.')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Booking cut-off' }).fill('2');
  await choose(page, 'Cut-off unit', 'Days');
  await page.getByText('On request', { exact: true }).click();
  await screenshot(page, 'offers-04-settings');

  // Unsaved changes are guarded when leaving the step.
  await editorSteps(page).getByRole('link', { name: 'Basic Info' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  await save(page);
  await expectOfferUpdated(page);
  expect(patches.count).toBe(3);
  expect(patches.body()).toEqual({ booking_cutoff_minutes: 2880, confirmation_mode: 'on_request', is_open_dated: true });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Booking cut-off' })).toHaveValue('2');
  await expect(page.getByRole('combobox', { name: 'Cut-off unit' })).toHaveValue('Days');
  await expect(page.getByRole('radio', { name: 'On request', exact: true })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Open-dated' })).toBeChecked();

  // The status control: Inactive is allowed at any time, and the header follows.
  await page.getByText('Inactive', { exact: true }).click();
  await save(page);
  await expectOfferUpdated(page);
  expect(patches.body()).toEqual({ status: 'inactive' });
  await expect(page.getByTestId('offer-title').locator('..')).toContainText('Inactive');

  // Back in the overview: the offer is listed; a copy lands there too.
  await page.getByRole('link', { name: 'All offers' }).click();
  const row = offerRow(page, 'Sunset kayak tour in Ljubljana');
  await expect(row).toContainText('Ticket & Passes');
  await expect(row).toContainText('Inactive');
  const duplicates = countRequests(page, 'POST', new RegExp(`^/api/experiences/${id}/duplicate/?$`));
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(toast(page, MESSAGES.experienceCopied)).toBeVisible();
  expect(duplicates.count).toBe(1);
  await expect(offerRow(page, 'Sunset kayak tour in Ljubljana')).toHaveCount(2);
  // The copy is a Draft.
  await expect(offerRow(page, 'Sunset kayak tour in Ljubljana').filter({ hasText: 'Draft' })).toHaveCount(1);
  await screenshot(page, 'offers-05-overview');

  // Delete one of them.
  await offerRow(page, 'Sunset kayak tour in Ljubljana')
    .first()
    .getByRole('button', { name: /Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete offer' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, MESSAGES.deleted)).toBeVisible();
  await expect(offerRow(page, 'Sunset kayak tour in Ljubljana')).toHaveCount(1);
});

test('the editor lands on basic info and sends an unknown offer back to the overview', async ({ page }) => {
  const owner = await signUpOwner(page);
  await openOffers(page);
  const id = await createOffer(page, 'City walk');

  await page.goto(editorUrl(owner.subdomain, id, ''));
  await expect(page).toHaveURL(/\/basic-info$/);
  await page.goto(editorUrl(owner.subdomain, id, 'no-such-step'));
  await expect(page).toHaveURL(/\/basic-info$/);

  await page.goto(editorUrl(owner.subdomain, '01900000-0000-7000-8000-000000000000', 'basic-info'));
  await expect(page).toHaveURL(/\/products\/experiences\/overview/);
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(toast(page, 'Not found.').first()).toBeVisible();

  await page.goto(dashboardUrl(owner.subdomain, '/products/experiences/editor'));
  await expect(toast(page, MESSAGES.missingId('experience'))).toBeVisible();
  await expect(page).toHaveURL(/\/products\/experiences\/overview/);
});
