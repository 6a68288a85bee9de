import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@excursio/contract/messages';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, sidebar, signUpOwner, toast } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { latestMailTo, linkIn } from './support/mail.ts';
import {
  addStartTimes,
  choose,
  countRequests,
  createOffer,
  createPricingCategoryInEditor,
  createRate,
  editorUrl,
  expectOfferUpdated,
  galleryItems,
  goToStep,
  offerPatches,
  openOffers,
  save,
  saveAndContinue,
  writeJpeg,
} from './support/offers.ts';

// Sign-up, an offer built through the editor, then every capacity action: well over a minute.
test.describe.configure({ timeout: 240_000 });
// The laptop size of the specification's breakpoints; the phone size is checked further down.
test.use({ viewport: { width: 1366, height: 900 } });

const TITLE = 'Harbour kayak sunrise tour';

let dir = '';
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'excursio-e2e-capacity-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Sees the 'Update successful!' toast and closes it, so the next one can be told apart. */
const expectUpdated = async (page: Page) => {
  const updated = toast(page, MESSAGES.updated);
  await expect(updated).toBeVisible();
  await updated.getByRole('button').first().click();
  await expect(updated).toHaveCount(0);
};

/** A date two days ahead in the browser's own calendar, with the names the page uses for it. */
const dayAhead = (page: Page, days: number) =>
  page.evaluate((n) => {
    const d = new Date();
    d.setDate(d.getDate() + n);
    const pad = (v: number) => String(v).padStart(2, '0');
    return {
      iso: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      day: d.getDate(),
      month: d.getMonth() + 1,
      weekday: d.toLocaleDateString('en-GB', { weekday: 'long' }),
      monthName: d.toLocaleDateString('en-GB', { month: 'long' }),
      year: d.getFullYear(),
      sameMonthAsToday: new Date().getMonth() === d.getMonth(),
    };
  }, days);

const slotRow = (table: Locator, time: string) => table.locator('tbody tr').filter({ hasText: time });
const openRowMenu = async (page: Page, time: string) => {
  await page.getByRole('button', { name: `Actions for ${time} · ${TITLE}` }).click();
};

test('a new owner publishes an offer, then closes, reopens, resizes and annotates its slots on the capacity calendar', async ({
  page,
  browser,
}) => {
  const image = await writeJpeg(dir, 'kayak.jpg', { r: 40, g: 120, b: 200 });
  const owner = await signUpOwner(page);

  // ── An offer built and published through the editor: description, a rate, a schedule, an image.
  await openOffers(page);
  const id = await createOffer(page, TITLE, 'Ticket & Passes');
  await goToStep(page, 'Description', 'description');
  await page.getByLabel('Short description').fill('Paddle out of the harbour as the sun comes up.');
  await page.getByLabel('Description', { exact: true }).fill('Two hours on calm water with a guide, kayaks and dry bags.');
  await saveAndContinue(page);
  await expectOfferUpdated(page);
  await expect(page).toHaveURL(/\/pricing$/);
  await createPricingCategoryInEditor(page, { name: 'Adult', type: 'Adult', minAge: 16 });
  await expect(await createRate(page, 'Standard', { Adult: '40' })).toBeVisible();
  await addStartTimes(page, ['09:00', '14:00'], 12);
  await expect(page.getByRole('region', { name: 'Schedule' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/media$/);
  await page.getByRole('region', { name: 'Images' }).locator('input[type="file"]').setInputFiles(image);
  await expect(toast(page, MESSAGES.uploadSucceeded)).toBeVisible();
  await expect(galleryItems(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);

  // Settings: the capacity rules of the offer. "Places per day" belongs to open-dated passes only.
  const patches = offerPatches(page, id);
  await expect(page.getByRole('textbox', { name: 'Places per day' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Open-dated' }).click();
  await expect(page.getByRole('textbox', { name: 'Places per day' })).toBeVisible();
  await page.getByRole('switch', { name: 'Open-dated' }).click();
  await expect(page.getByRole('textbox', { name: 'Places per day' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'A group takes one place' }).click();
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Active', { exact: true }).click();
  await save(page);
  await expectOfferUpdated(page);
  expect(patches.body()).toEqual({ group_takes_one_place: true, status: 'active' });
  await page.reload();
  await expect(page.getByRole('switch', { name: 'A group takes one place' })).toBeChecked();

  // ── The preview shows the engine's next bookable starts: date, time, places left, the zone.
  await goToStep(page, 'Preview', 'preview');
  const upcoming = page.getByTestId('upcoming-starts');
  await expect(upcoming.getByText('Next available starts')).toBeVisible();
  const starts = upcoming.getByRole('listitem');
  await expect(starts.first()).toBeVisible();
  expect(await starts.count()).toBeGreaterThanOrEqual(4);
  await expect(starts.first()).toHaveText(/^\d{2}\. [A-Z][a-z]+ \d{4} (09:00|14:00)12 places left$/);
  await expect(upcoming).toContainText('Times in UTC');
  await expect(upcoming.getByText('Once published')).toHaveCount(0);
  await upcoming.scrollIntoViewIfNeeded();
  await screenshot(page, 'capacity-01-preview-upcoming');

  // ── The capacity calendar, from the sidebar.
  await sidebar(page).getByRole('link', { name: 'Capacity', exact: true }).click();
  await expect(page).toHaveURL(/\/capacity\/overview\?pageSize=25$/);
  const target = await dayAhead(page, 2);
  if (!target.sameMonthAsToday) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `${target.monthName} ${target.year}` })).toBeVisible();
  const dayName = `${target.weekday}, ${target.day}. ${target.monthName} ${target.year}`;
  const dayCell = page.getByRole('button', { name: new RegExp(`^${dayName}:`) });
  // The day's figures: two slots of 12, nothing taken yet.
  await expect(dayCell).toHaveAccessibleName(`${dayName}: 2 slots, 0 of 24 places taken (0 %)`);
  await expect(dayCell).toContainText('0 %');
  await expect(dayCell).toContainText('0 / 24 places');
  await expect(dayCell).toHaveAttribute('data-tone', 'low');

  // The grid is keyboard-driven: arrows move between days (across months too), Enter opens one.
  const next = await dayAhead(page, 3);
  const nextCell = page.getByRole('button', {
    name: new RegExp(`^${next.weekday}, ${next.day}\\. ${next.monthName} ${next.year}:`),
  });
  await dayCell.focus();
  await page.keyboard.press('ArrowRight');
  await expect(nextCell).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(dayCell).toBeFocused();

  // Opening the day lists its slots; the place is in the URL.
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(target.iso);
  const dd = String(target.day).padStart(2, '0');
  await expect(
    page.getByRole('heading', { level: 3, name: `${target.weekday}, ${dd}. ${target.monthName} ${target.year}` }),
  ).toBeVisible();
  await expect(page.getByTestId('day-summary')).toHaveText('2 slots · 0 of 24 places taken');
  const table = page.getByRole('table', { name: 'Slots of the day' });
  await expect(table.locator('tbody tr')).toHaveCount(2);
  const morning = slotRow(table, '09:00');
  const afternoon = slotRow(table, '14:00');
  await expect(morning).toContainText(TITLE);
  await expect(morning.locator('td').nth(2)).toHaveText('12');
  await expect(morning.locator('td').nth(5)).toHaveText('12');
  await expect(morning.locator('td').nth(6)).toHaveText('Open');
  await screenshot(page, 'capacity-02-day-open');

  // Close a slot: it is Closed, and the calendar marks the day.
  await openRowMenu(page, '09:00');
  await page.getByRole('menuitem', { name: 'Close slot' }).click();
  await expectUpdated(page);
  await expect(morning.locator('td').nth(6)).toHaveText('Closed');
  await expect(dayCell).toHaveAccessibleName(/1 closed$/);
  await expect(page.getByTestId('day-summary')).toHaveText('2 slots · 0 of 24 places taken · 1 closed');

  // Reopen it.
  await openRowMenu(page, '09:00');
  await page.getByRole('menuitem', { name: 'Reopen slot' }).click();
  await expectUpdated(page);
  await expect(morning.locator('td').nth(6)).toHaveText('Open');
  await expect(dayCell).toHaveAccessibleName(`${dayName}: 2 slots, 0 of 24 places taken (0 %)`);

  // Raise its capacity: the row and the day's figures follow.
  await openRowMenu(page, '09:00');
  await page.getByRole('menuitem', { name: 'Change capacity' }).click();
  const capacityDialog = page.getByRole('dialog', { name: 'Change capacity' });
  await expect(capacityDialog).toContainText(`09:00 · ${TITLE} · booked 0 · held 0`);
  await capacityDialog.getByLabel('Capacity').fill('20');
  await capacityDialog.getByRole('button', { name: 'Save capacity' }).click();
  await expectUpdated(page);
  await expect(capacityDialog).toBeHidden();
  await expect(morning.locator('td').nth(2)).toHaveText('Set20');
  await expect(morning.locator('td').nth(5)).toHaveText('20');
  await expect(dayCell).toHaveAccessibleName(`${dayName}: 2 slots, 0 of 32 places taken (0 %)`);
  await expect(dayCell).toContainText('0 / 32 places');

  // A visitor holds 3 places of the afternoon slot (the public reserve API, as the webstore will).
  const held = await page.evaluate(
    async ({ id, date }) => {
      const get = async (path: string) => (await fetch(path, { credentials: 'include' })).json();
      const rate = (await get(`/api/pricing-rates/?experience=${id}`)).results[0];
      const slots = (await get(`/api/capacity/by-date/?date=${date}&experience_id=${id}`)).results;
      const slot = slots.find((s: { time: string }) => s.time === '14:00');
      const res = await fetch('/api/1/reserve/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          productId: id,
          availabilityId: slot.id,
          rateId: rate.id,
          units: [{ pricingCategoryId: rate.prices[0].pricing_category_id, quantity: 3 }],
        }),
      });
      return res.status;
    },
    { id, date: target.iso },
  );
  expect(held).toBe(201);
  // The calendar and the day (from the URL, after a reload) show the hold.
  await page.reload();
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(afternoon.locator('td').nth(4)).toHaveText('3');
  await expect(afternoon.locator('td').nth(5)).toHaveText('9');
  await expect(dayCell).toHaveAccessibleName(`${dayName}: 2 slots, 3 of 32 places taken (9 %)`);

  // Below what is held the server refuses; "Set anyway (overbook)" forces it.
  const forced = countRequests(page, 'PATCH', /^\/api\/capacity\/slots\/$/);
  await openRowMenu(page, '14:00');
  await page.getByRole('menuitem', { name: 'Change capacity' }).click();
  await capacityDialog.getByLabel('Capacity').fill('2');
  await capacityDialog.getByRole('button', { name: 'Save capacity' }).click();
  const conflict = capacityDialog.getByRole('alert');
  await expect(conflict).toContainText('Below what is taken');
  await expect(conflict).toContainText('3 are held by customers checking out');
  // A question, not an error toast.
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toHaveCount(0);
  await screenshot(page, 'capacity-03-overbook-question');
  await conflict.getByRole('button', { name: 'Set anyway (overbook)' }).click();
  await expectUpdated(page);
  expect(forced.body(0)).toMatchObject({ capacity: 2, force: false });
  expect(forced.body(1)).toMatchObject({ capacity: 2, force: true });
  await expect(afternoon.locator('td').nth(2)).toHaveText('Set2');
  await expect(afternoon.locator('td').nth(5)).toHaveText('0');
  await expect(afternoon.locator('td').nth(6)).toHaveText('Full');

  // A note for staff.
  await openRowMenu(page, '09:00');
  await page.getByRole('menuitem', { name: 'Add note' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Note for staff' });
  await noteDialog.getByLabel('Note').fill('Guide: Ana');
  await noteDialog.getByRole('button', { name: 'Save note' }).click();
  await expectUpdated(page);
  await expect(morning.locator('td').nth(7)).toHaveText('Guide: Ana');

  // Sorting by what is left: the full afternoon first; the ordering is in the URL.
  await table.getByRole('button', { name: 'Available' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('ordering')).toBe('available');
  await expect(table.locator('tbody tr').first()).toContainText('14:00');

  // The whole day of the offer, chosen in the filter: closed with a note, then reopened.
  await choose(page, 'Offer', TITLE);
  await expect.poll(() => new URL(page.url()).searchParams.get('experience_id')).toBe(id);
  await page.getByRole('button', { name: 'Close whole day' }).click();
  const dayDialog = page.getByRole('dialog', { name: 'Close the whole day' });
  await dayDialog.getByLabel('Note for the day (optional)').fill('Storm warning');
  await dayDialog.getByRole('button', { name: 'Close day' }).click();
  await expectUpdated(page);
  await expect(morning.locator('td').nth(6)).toHaveText('Closed');
  await expect(afternoon.locator('td').nth(6)).toHaveText('Closed');
  // The day's note is shown on the day; the slot keeps its own note.
  await expect(page.getByTestId('day-note')).toHaveText(`Note for the day · ${TITLE}Storm warning`);
  await expect(morning.locator('td').nth(7)).toHaveText('Guide: Ana');
  await expect(dayCell).toHaveAttribute('data-tone', 'closed');
  await expect(dayCell).toHaveAccessibleName(/2 closed$/);
  await screenshot(page, 'capacity-04-day-closed');
  await page.getByRole('button', { name: 'Reopen day' }).click();
  await expectUpdated(page);
  await expect(page.getByTestId('day-note')).toHaveCount(0);
  await expect(morning.locator('td').nth(7)).toHaveText('Guide: Ana');
  await expect(morning.locator('td').nth(6)).toHaveText('Open');
  await expect(afternoon.locator('td').nth(6)).toHaveText('Full');
  await expect(page.getByRole('button', { name: 'Close whole day' })).toBeVisible();
  // A slot's menu offers the day-wide actions that apply now: nothing is closed, so no "Reopen day".
  await openRowMenu(page, '09:00');
  await expect(page.getByRole('menuitem', { name: 'Close whole day' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Reopen day' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Close whole day' })).toHaveCount(0);

  // Search by offer name, then reset: the day stays open.
  await page.getByRole('searchbox', { name: 'Search slots by offer' }).fill('lighthouse');
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('lighthouse');
  await expect(page.getByText('No slots match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(2);
  const after = new URL(page.url()).searchParams;
  expect([after.get('search'), after.get('experience_id'), after.get('date')]).toEqual([null, null, target.iso]);

  await expectNoSeriousA11yViolations(page, 'capacity overview with a day open');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'capacity-05-1366');

  // A phone: the whole month fits, the day's slots are cards, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('list', { name: 'Slots of the day' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Slots of the day' }).getByRole('listitem')).toHaveCount(2);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(dayCell).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, 'capacity-06-375-calendar');
  await page.getByRole('heading', { level: 3 }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'capacity-07-375-day');
  await expectNoSeriousA11yViolations(page, 'capacity overview on a phone');
  await page.setViewportSize({ width: 1366, height: 900 });

  // A Draft (the copy) previews what it would sell once published; an offer without a schedule says so.
  const api = apiAs(page);
  const copy = await api.post(`/experiences/${id}/duplicate/`, {});
  await page.goto(editorUrl(owner.subdomain, copy.id, 'preview'));
  const draftStarts = page.getByTestId('upcoming-starts');
  await expect(draftStarts.getByText('Once published', { exact: true })).toBeVisible();
  await expect(draftStarts.getByRole('listitem').first()).toHaveText(/^\d{2}\. [A-Z][a-z]+ \d{4} (09:00|14:00)12 places left$/);
  const empty = await api.post('/experiences/', { type: 'ticket', title: 'Lighthouse night walk' });
  await page.goto(editorUrl(owner.subdomain, empty.id, 'preview'));
  await expect(page.getByTestId('upcoming-starts')).toContainText('No bookable starts yet — add a schedule and a priced rate');

  // ── A Viewer (may read offers, not change them) sees the figures and no action.
  const email = `viewer-${owner.subdomain}@example.test`;
  await page.goto(dashboardUrl(owner.subdomain, '/settings/team/members'));
  await page.getByRole('button', { name: 'Invite member' }).first().click();
  const invite = page.getByRole('dialog', { name: 'Invite a team member' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Viewer', exact: true }).click();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, 'Success!')).toBeVisible();
  const context = await browser.newContext();
  const viewer = await context.newPage();
  await viewer.goto(linkIn(await latestMailTo(email), '/auth/accept-invite'));
  await viewer.getByLabel('First name').fill('Vera');
  await viewer.getByLabel('Last name').fill('Viewer');
  await viewer.getByLabel('Password', { exact: true }).fill('Lighthouse-Orchard-47!');
  await viewer.getByLabel('Confirm password').fill('Lighthouse-Orchard-47!');
  await viewer.getByRole('button', { name: 'Accept and sign in' }).click();
  await viewer.waitForURL(dashboardUrl(owner.subdomain));
  // Reading capacity needs 'View experiences' or 'Manage orders': the Viewer's dashboard links to it.
  await expect(viewer.getByRole('list', { name: 'Quick links' }).getByRole('link')).toHaveText(['Catalog', 'Capacity']);
  await sidebar(viewer).getByRole('link', { name: 'Capacity', exact: true }).click();
  if (!target.sameMonthAsToday) await viewer.getByRole('button', { name: 'Next month' }).click();
  await viewer.getByRole('button', { name: new RegExp(`^${dayName}:`) }).click();
  const readOnly = viewer.getByRole('table', { name: 'Slots of the day' });
  await expect(readOnly.locator('tbody tr')).toHaveCount(2);
  await expect(slotRow(readOnly, '09:00')).toContainText('Guide: Ana');
  await expect(slotRow(readOnly, '14:00')).toContainText('Full');
  await expect(viewer.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /whole day|Reopen day/ })).toHaveCount(0);
  await screenshot(viewer, 'capacity-08-viewer');
  await context.close();
});
