import { MESSAGES } from '@excursio/contract/messages';
import { expect, type Page, type Request } from '@playwright/test';
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

/** Picks an option of a Mantine Select / MultiSelect by its label. */
export const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label, exact: true }).click();
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
