import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { screenshot, signUpOwner, toast } from './support/account.ts';
import {
  addListItems,
  addStartTimes,
  countRequests,
  createOffer,
  createPricingCategoryInEditor,
  createRate,
  dominantColour,
  editorUrl,
  expectOfferUpdated,
  fillBasicInfo,
  galleryItems,
  offerPatches,
  offerRow,
  offersTable,
  openOffers,
  save,
  saveAndContinue,
  writeJpeg,
} from './support/offers.ts';

// Sign-up, seven steps, two uploads, a reload and the overview: well over the default minute.
test.describe.configure({ timeout: 240_000 });

const TITLE = 'Alfama and Tram 28 morning walk';
const UNREADABLE = 'Upload a JPEG, PNG, WebP, AVIF or GIF image.';

let dir = '';
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'excursio-e2e-images-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a new owner builds an offer through every step, publishes it and finds its copy as Draft', async ({ page }) => {
  const red = await writeJpeg(dir, 'tram-red.jpg', { r: 214, g: 36, b: 36 });
  const blue = await writeJpeg(dir, 'river-blue.jpg', { r: 30, g: 70, b: 210 });
  const notAnImage = join(dir, 'notes.jpg');
  writeFileSync(notAnImage, 'These are my notes for the tour, not a picture.\n');

  const owner = await signUpOwner(page);
  await openOffers(page);
  const id = await createOffer(page, TITLE, 'Ticket & Passes');
  const patches = offerPatches(page, id);

  // 1. Basic info: category, a place from the location search, duration, languages.
  await fillBasicInfo(page, {
    category: 'Tours',
    subcategory: 'Walking tours',
    place: { search: 'Lisb', option: /^Lisbon/ },
    hours: 3,
    minutes: 0,
    languages: ['English', 'Portuguese'],
  });
  await expect(page.getByLabel('City')).toHaveValue('Lisbon');
  // The country is a select naming the country; the ISO code is what is stored.
  await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('Portugal');
  await screenshot(page, 'lifecycle-01-basic-info');
  await saveAndContinue(page);
  await expectOfferUpdated(page);
  await expect(page).toHaveURL(/\/description$/);
  expect(patches.body()).toMatchObject({
    category: 'tours',
    subcategory: 'walking-tours',
    city: 'Lisbon',
    country_code: 'PT',
    time_zone: 'Europe/Lisbon',
    duration_minutes: 180,
    languages: ['en', 'pt'],
  });

  // 2. Description.
  await page.getByLabel('Short description').fill('Climb through Alfama and ride the yellow tram before the crowds.');
  await page
    .getByLabel('Description', { exact: true })
    .fill('Three hours on foot and on rails: miradouros, tiled façades and the oldest quarter of Lisbon.');
  await addListItems(page, 'highlight', ['The view from Miradouro de Santa Luzia']);
  await saveAndContinue(page);
  await expectOfferUpdated(page);
  await expect(page).toHaveURL(/\/pricing$/);

  // 3. Pricing: two categories through the step's modal, a rate pricing both, a schedule.
  await createPricingCategoryInEditor(page, { name: 'Adult', type: 'Adult', minAge: 18 });
  await createPricingCategoryInEditor(page, { name: 'Child', type: 'Child', minAge: 3, maxAge: 12 });
  const categories = page.getByRole('region', { name: 'Pricing categories' });
  await expect(categories.getByRole('row').filter({ hasText: 'Adult' })).toContainText('18+ years');
  await expect(categories.getByRole('row').filter({ hasText: 'Child' })).toContainText('3–12 years');

  const rate = await createRate(page, 'Standard', { Adult: '45', Child: '20' });
  await expect(rate).toBeVisible();
  await expect(rate.getByRole('row').filter({ hasText: 'Adult' })).toContainText('€45.00');
  await expect(rate.getByRole('row').filter({ hasText: 'Child' })).toContainText('€20.00');
  await expect(categories.getByText('In this offer')).toHaveCount(2);

  await addStartTimes(page, ['09:00', '14:00'], 12);
  const schedule = page.getByRole('region', { name: 'Schedule' }).getByRole('listitem');
  await expect(schedule).toHaveCount(2);
  await expect(schedule.nth(0)).toContainText(/^09:00 · Every day · from .+, ongoing · capacity 12$/);
  await expect(schedule.nth(1)).toContainText(/^14:00 · Every day · from .+, ongoing · capacity 12$/);
  await expect(page.getByRole('region', { name: 'Schedule' })).toContainText('Europe/Lisbon');
  await screenshot(page, 'lifecycle-02-pricing');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/media$/);

  // 4. Media: two images through the dropzone's file input; each has a progress bar while it uploads.
  const images = page.getByRole('region', { name: 'Images' });
  await expect(images.getByText('No images yet.')).toBeVisible();
  // Hold the first upload at the network until its progress bar has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let first = true;
  const uploadPath = `**/api/experiences/${id}/images/`;
  await page.route(uploadPath, async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue();
  });
  const uploads = countRequests(page, 'PATCH', new RegExp(`^/api/experiences/${id}/images/$`));
  await images.locator('input[type="file"]').setInputFiles([red, blue]);
  const uploadList = images.getByRole('list', { name: 'Uploads' });
  const redRow = uploadList.getByRole('listitem').filter({ hasText: 'tram-red.jpg' });
  // Its bar is there and empty (0 % wide) while the request is held.
  await expect(redRow.getByRole('progressbar', { name: 'Upload of tram-red.jpg' })).toHaveAttribute('aria-valuenow', '0');
  await expect(redRow).toContainText('0%');
  await expect(uploadList.getByRole('listitem').filter({ hasText: 'river-blue.jpg' })).toContainText('Waiting…');
  await expect(images).toContainText('Uploading…');
  await screenshot(page, 'lifecycle-03-uploading');
  release();
  await expect(toast(page, MESSAGES.uploadSucceeded)).toBeVisible();
  // Finished bars stay full for a moment.
  await expect(redRow.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(redRow).toContainText('Uploaded');
  await page.unroute(uploadPath);
  expect(uploads.count).toBe(2);
  await expect(galleryItems(page)).toHaveCount(2);
  await expect(images).toContainText('2 images.');
  await expect(galleryItems(page).nth(0)).toHaveAccessibleName('Image 1 (cover), position 1 of 2');
  await expect(galleryItems(page).nth(0).getByText('Cover')).toBeVisible();
  // Uploaded in the order chosen: red first (the cover), then blue.
  expect(await dominantColour(galleryItems(page).nth(0).locator('img'))).toBe('red');
  expect(await dominantColour(galleryItems(page).nth(1).locator('img'))).toBe('blue');

  // A text file named .jpg is refused by the server, with its reason.
  await images.locator('input[type="file"]').setInputFiles(notAnImage);
  await expect(toast(page, MESSAGES.uploadFailed(UNREADABLE))).toBeVisible();
  const failedRow = uploadList.getByRole('listitem').filter({ hasText: 'notes.jpg' });
  await expect(failedRow).toContainText('Failed');
  await expect(failedRow).toContainText(UNREADABLE);
  await screenshot(page, 'lifecycle-04-upload-failed');
  await failedRow.getByRole('button', { name: 'Dismiss notes.jpg' }).click();
  await expect(failedRow).toHaveCount(0);
  await expect(galleryItems(page)).toHaveCount(2);

  // Reorder by dragging the second image's handle onto the first.
  const reorders = countRequests(page, 'PATCH', new RegExp(`^/api/experiences/${id}/reorder-images/$`));
  // Finished uploads leave the list after a moment; wait for it to go so the gallery holds still.
  await expect(uploadList).toHaveCount(0);
  await galleryItems(page)
    .nth(0)
    .evaluate((item) => item.scrollIntoView({ block: 'center' }));
  const handle = page.getByRole('button', { name: 'Drag Image 2 to reorder' });
  const target = await galleryItems(page).nth(0).boundingBox();
  const from = await handle.boundingBox();
  if (!target || !from) throw new Error('The gallery is not laid out.');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 - 10, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 20 });
  await page.mouse.up();
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  expect(reorders.count).toBe(1);
  expect(await dominantColour(galleryItems(page).nth(0).locator('img'))).toBe('blue');

  // The new order is stored: after a reload the blue image is the cover.
  await page.reload();
  await expect(galleryItems(page)).toHaveCount(2);
  await expect(galleryItems(page).nth(0).getByText('Cover')).toBeVisible();
  expect(await dominantColour(galleryItems(page).nth(0).locator('img'))).toBe('blue');
  expect(await dominantColour(galleryItems(page).nth(1).locator('img'))).toBe('red');
  await screenshot(page, 'lifecycle-05-media-reordered');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);

  // 5. Settings: the checklist is complete, so the offer can go Active.
  await expect(page.getByText('Ready to publish')).toBeVisible();
  const status = page.getByRole('radiogroup', { name: 'Status' });
  await expect(status.getByRole('radio', { name: 'Active', exact: true })).toBeEnabled();
  await status.getByText('Active', { exact: true }).click();
  await save(page);
  await expectOfferUpdated(page);
  expect(patches.body()).toEqual({ status: 'active' });
  const header = page.getByTestId('offer-title').locator('..');
  await expect(header).toContainText('Active');
  // Published: the step no longer asks to set it Active.
  await expect(page.getByText('This offer is Active: visitors can book it.')).toBeVisible();
  await expect(page.getByText(/Set it to Active to make it bookable/)).toHaveCount(0);
  await screenshot(page, 'lifecycle-06-settings-active');
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/booking-info$/);

  // 6. Booking info: a new meeting point (placed through the location search) and a booking question.
  await page.getByRole('button', { name: 'New meeting point' }).click();
  const pointDialog = page.getByRole('dialog', { name: 'New meeting point' });
  await pointDialog.getByLabel('Name').fill('Largo das Portas do Sol');
  await pointDialog.getByRole('combobox', { name: 'Address' }).fill('Lisb');
  await page
    .getByRole('option', { name: /^Lisbon/ })
    .first()
    .click();
  await expect(pointDialog.getByLabel('Latitude')).not.toHaveValue('');
  await pointDialog.getByLabel('Instructions').fill('By the statue of Saint Vincent, look for the yellow umbrella.');
  await pointDialog.getByRole('button', { name: 'Create meeting point' }).click();
  await expect(pointDialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Meeting point' })).toHaveValue('Largo das Portas do Sol');

  await page.getByRole('button', { name: 'Add question' }).click();
  const questionDialog = page.getByRole('dialog', { name: 'New booking question' });
  await questionDialog.getByLabel('Question').fill('Does anyone in your group use a wheelchair?');
  await questionDialog.getByRole('switch', { name: 'Answer required' }).click();
  await questionDialog.getByRole('button', { name: 'Add question' }).click();
  await expect(questionDialog).toBeHidden();
  await expect(page.getByText('Does anyone in your group use a wheelchair?')).toBeVisible();
  await screenshot(page, 'lifecycle-07-booking-info');
  await saveAndContinue(page);
  await expectOfferUpdated(page);
  await expect(page).toHaveURL(/\/preview$/);
  expect(Object.keys(patches.body() ?? {})).toEqual(['meeting_point_id']);

  // 7. Preview: what a visitor sees — title, the adult's price (not the cheaper child's), the images in their order, the meeting point.
  const preview = page.getByRole('article');
  await expect(preview.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText('Not visible to visitors yet')).toHaveCount(0);
  await expect(preview.getByText('From', { exact: true })).toBeVisible();
  await expect(preview.getByText('€45.00', { exact: true })).toBeVisible();
  await expect(preview.getByText('per Adult', { exact: true })).toBeVisible();
  await expect(preview.getByText('€20.00', { exact: true })).toHaveCount(0);
  await expect(preview).toContainText('Lisbon, Portugal');
  await expect(preview.getByRole('heading', { name: 'Meeting point' })).toBeVisible();
  await expect(preview).toContainText('Largo das Portas do Sol');
  const shown = preview.locator('img').filter({ visible: true });
  await expect(shown).toHaveCount(2);
  expect(await dominantColour(shown.nth(0))).toBe('blue');
  expect(await dominantColour(shown.nth(1))).toBe('red');
  await screenshot(page, 'lifecycle-08-preview');

  // Published: the overview lists it as Active, from €45.00 per adult.
  await page.getByRole('link', { name: 'All offers' }).click();
  await expect(page).toHaveURL(/\/products\/experiences\/overview/);
  const original = offerRow(page, TITLE);
  await expect(original).toHaveCount(1);
  await expect(original).toContainText('Active');
  await expect(original).toContainText('€45.00');
  await expect(original).toContainText('per Adult');
  await expect(original).toContainText('Lisbon');

  // Duplicate from the row's actions: the user stays on the overview, the copy is a Draft.
  const duplicates = countRequests(page, 'POST', new RegExp(`^/api/experiences/${id}/duplicate/$`));
  await original.getByRole('button', { name: `Actions for ${TITLE}` }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(toast(page, MESSAGES.experienceCopied)).toBeVisible();
  expect(duplicates.count).toBe(1);
  await expect(page).toHaveURL(/\/products\/experiences\/overview/);
  await expect(offerRow(page, TITLE)).toHaveCount(2);

  // Filter by status Draft: the URL carries it; only the copy is listed.
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Draft', { exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('draft');
  const rows = offersTable(page).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${TITLE} (copy)`);
  await expect(rows.first()).toContainText('Draft');
  await expect(offersTable(page).getByRole('link', { name: TITLE, exact: true })).toHaveCount(0);
  await screenshot(page, 'lifecycle-09-overview-drafts');

  // The filter survives a reload; Active lists the original only.
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${TITLE} (copy)`);
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Active', { exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('active');
  await expect(rows).toHaveCount(1);
  await expect(offersTable(page).getByRole('link', { name: TITLE, exact: true })).toBeVisible();
  // The row count was 1 before the switch too: the copy must be gone, not only the original shown.
  await expect(offersTable(page).getByRole('link', { name: `${TITLE} (copy)` })).toHaveCount(0);

  // The copy opens as a Draft with all its parts (its own gallery, same order).
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Draft', { exact: true }).click();
  await offersTable(page)
    .getByRole('link', { name: `${TITLE} (copy)` })
    .click();
  await expect(page.getByTestId('offer-title')).toHaveText(`${TITLE} (copy)`);
  await expect(page.getByTestId('offer-title').locator('..')).toContainText('Draft');
  const copyId = /\/editor\/([0-9a-f-]{36})\//.exec(page.url())?.[1] as string;
  expect(copyId).not.toBe(id);
  await page.goto(editorUrl(owner.subdomain, copyId, 'media'));
  await expect(galleryItems(page)).toHaveCount(2);
  expect(await dominantColour(galleryItems(page).nth(0).locator('img'))).toBe('blue');
});
