import { join } from 'node:path';
import { MESSAGES } from '@excursio/contract/messages';
import { expect, type Locator, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { dashboardUrl, sidebar, toast } from './account.ts';

/** Offer types as the interface labels them. */
export type OfferTypeLabel = 'Rental' | 'Ticket & Passes' | 'Transfer';

export const OVERVIEW_PATH = '/products/experiences/overview';
export const EDITOR_URL = /\/products\/experiences\/editor\/([0-9a-f-]{36})\/([a-z-]+)$/;

/** The offers overview through the sidebar (Catalog). */
export const openOffers = async (page: Page) => {
  await sidebar(page).getByRole('link', { name: 'Catalog', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/experiences\/overview\?pageSize=25$/);
};

/** The overview's table and one of its rows by title. */
export const offersTable = (page: Page) => page.getByRole('table', { name: 'Offers' });
export const offerRow = (page: Page, title: string) => offersTable(page).getByRole('row').filter({ hasText: title });

/** "New offer" → type + title → the new offer's basic-info step. Returns the offer's id. */
export const createOffer = async (page: Page, title: string, type: OfferTypeLabel = 'Rental') => {
  await page.getByRole('button', { name: 'New offer' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New offer' });
  await dialog.getByText(type, { exact: true }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Create offer' }).click();
  await expect(toast(page, MESSAGES.experienceCreated)).toBeVisible();
  await expect(page).toHaveURL(EDITOR_URL);
  await expect(page).toHaveURL(/\/basic-info$/);
  await expect(page.getByTestId('offer-title')).toHaveText(title);
  return EDITOR_URL.exec(page.url())?.[1] as string;
};

export const editorUrl = (subdomain: string, id: string, step: string) =>
  dashboardUrl(subdomain, `/products/experiences/editor/${id}/${step}`);

/** The editor's step tabs. */
export const editorSteps = (page: Page) => page.getByRole('navigation', { name: 'Editor steps' });
export const goToStep = async (page: Page, label: string, step: string) => {
  await editorSteps(page).getByRole('link', { name: label, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${step}$`));
};

/** Counts the API requests of one method whose path matches, e.g. PATCH /api/experiences/{id}/. */
export const countRequests = (page: Page, method: string, path: RegExp) => {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return {
    get count() {
      return seen.length;
    },
    /** The JSON body of the n-th matching request (0-based; negative counts from the end). */
    body: (n = -1) => seen.at(n)?.postDataJSON() as Record<string, unknown> | undefined,
  };
};

export const offerPatches = (page: Page, id: string) => countRequests(page, 'PATCH', new RegExp(`^/api/experiences/${id}/?$`));

/** The editor footer's buttons. */
export const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click();
export const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();

/** Picks an option of a Mantine Select / MultiSelect by its label (inside `scope`, e.g. a dialog, when given). */
export const choose = async (page: Page, label: string, option: string, scope: Page | Locator = page) => {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

export type BasicInfo = {
  category?: string;
  subcategory?: string;
  place?: { search: string; option: RegExp };
  hours?: number;
  minutes?: number;
  languages?: string[];
  minGroup?: number;
  maxGroup?: number;
};

/** Fills the basic-info step (only the fields given). */
export const fillBasicInfo = async (page: Page, info: BasicInfo) => {
  if (info.category) await choose(page, 'Category', info.category);
  if (info.subcategory) await choose(page, 'Subcategory', info.subcategory);
  if (info.place) {
    await page.getByRole('combobox', { name: 'Find a place' }).fill(info.place.search);
    await page.getByRole('option', { name: info.place.option }).first().click();
    await expect(page.getByTestId('coordinates')).toContainText('Coordinates:');
  }
  if (info.hours !== undefined) await page.getByLabel('Duration: hours').fill(String(info.hours));
  if (info.minutes !== undefined) await page.getByLabel('Minutes', { exact: true }).fill(String(info.minutes));
  for (const language of info.languages ?? []) await choose(page, 'Languages', language);
  if (info.minGroup !== undefined) await page.getByLabel('Minimum group size').fill(String(info.minGroup));
  if (info.maxGroup !== undefined) await page.getByLabel('Maximum group size').fill(String(info.maxGroup));
};

/** Adds items to one of the description step's lists ("highlight", "included item", …). */
export const addListItems = async (page: Page, itemName: string, items: string[]) => {
  for (const item of items) {
    await page.getByRole('textbox', { name: `New ${itemName}` }).fill(item);
    await page.getByRole('button', { name: `Add ${itemName}` }).click();
  }
};

/** Expects the 'Offer updated!' toast, then waits for it to go so the next one can be told apart. */
export const expectOfferUpdated = async (page: Page) => {
  const updated = toast(page, MESSAGES.experienceUpdated);
  await expect(updated).toBeVisible();
  await updated.getByRole('button').first().click();
  await expect(updated).toHaveCount(0);
};

export type NewPricingCategory = { name: string; type: string; minAge?: number; maxAge?: number };

/** Fills the open "New pricing category" dialog and creates the category; the dialog closes. */
export const submitNewPricingCategory = async (page: Page, category: NewPricingCategory) => {
  const dialog = page.getByRole('dialog', { name: 'New pricing category' });
  await dialog.getByLabel('Name').fill(category.name);
  await choose(page, 'Type', category.type, dialog);
  if (category.minAge !== undefined) await dialog.getByLabel('Minimum age').fill(String(category.minAge));
  if (category.maxAge !== undefined) await dialog.getByLabel('Maximum age').fill(String(category.maxAge));
  await dialog.getByRole('button', { name: 'Create category' }).click();
  await expect(dialog).toBeHidden();
};

/** The editor's pricing step: "New pricing category" (the step's own button) → the modal → the category is listed. */
export const createPricingCategoryInEditor = async (page: Page, category: NewPricingCategory) => {
  await page.getByRole('region', { name: 'Pricing categories' }).getByRole('button', { name: 'New pricing category' }).click();
  await submitNewPricingCategory(page, category);
  await expect(
    page.getByRole('region', { name: 'Pricing categories' }).getByRole('row').filter({ hasText: category.name }),
  ).toBeVisible();
};

/** The editor's pricing step: "New rate" with a price per category name (e.g. { Adult: '45.00' }). */
export const createRate = async (page: Page, name: string, prices: Record<string, string>) => {
  await page.getByRole('region', { name: 'Rates' }).getByRole('button', { name: 'New rate' }).click();
  const dialog = page.getByRole('dialog', { name: 'New rate' });
  await dialog.getByLabel('Name').fill(name);
  for (const [category, price] of Object.entries(prices)) {
    await dialog.getByRole('textbox', { name: `Price for ${category}`, exact: true }).fill(price);
  }
  await dialog.getByRole('button', { name: 'Create rate' }).click();
  await expect(dialog).toBeHidden();
  return page.getByRole('article', { name: `Rate ${name}` });
};

/** The editor's pricing step: "Add start times" with local times (HH:mm) on every day from today, one capacity. */
export const addStartTimes = async (page: Page, times: string[], capacity: number) => {
  await page.getByRole('region', { name: 'Schedule' }).getByRole('button', { name: 'Add start times' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add start times' });
  for (const [index, time] of times.entries()) {
    if (index > 0) await dialog.getByRole('button', { name: 'Add another time' }).click();
    const [hours, minutes] = time.split(':');
    await dialog.getByLabel(`Hours of time ${index + 1}`).click();
    await page.keyboard.type(hours);
    await dialog.getByLabel(`Minutes of time ${index + 1}`).click();
    await page.keyboard.type(minutes);
    // Clicking the title closes the time's dropdown, which covers the fields below it.
    await dialog.getByRole('heading', { name: 'Add start times' }).click();
  }
  await dialog.getByRole('button', { name: 'Every day' }).click();
  await dialog.getByLabel('Capacity').fill(String(capacity));
  await dialog
    .getByRole('button', { name: times.length > 1 ? `Add ${times.length} start times` : 'Add start time', exact: true })
    .click();
  await expect(dialog).toBeHidden();
};

/** The media step's gallery and its items in order (item n is "Image n", the first one the cover). */
export const galleryItems = (page: Page) => page.getByRole('list', { name: 'Images' }).getByRole('listitem');

/** Whether a rendered image is mostly red, green or blue (the e2e images are plain colours). */
export const dominantColour = async (image: Locator): Promise<'red' | 'green' | 'blue'> => {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const { channels } = await sharp(await image.screenshot()).stats();
  const means = { red: channels[0].mean, green: channels[1].mean, blue: channels[2].mean };
  return (Object.entries(means) as ['red' | 'green' | 'blue', number][]).sort((a, b) => b[1] - a[1])[0][0];
};

/** A plain-colour JPEG written to `dir` (for uploads that can be told apart on screen). */
export const writeJpeg = async (dir: string, name: string, rgb: { r: number; g: number; b: number }) => {
  const path = join(dir, name);
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: rgb } })
    .jpeg({ quality: 85 })
    .toFile(path);
  return path;
};
