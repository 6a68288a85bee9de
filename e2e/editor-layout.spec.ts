import { MESSAGES } from '@excursio/contract/messages';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { screenshot, signUpOwner, toast } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { createOffer, editorSteps, editorUrl, openOffers, save } from './support/offers.ts';

test.describe.configure({ timeout: 150_000 });

const STEPS = ['basic-info', 'description', 'pricing', 'media', 'settings', 'booking-info', 'preview'];

/** Left and right edges of the step's blocks (all of them together) and of the sticky footer. */
const columns = async (page: Page) => {
  await expect(page.locator('[data-sticky-footer]')).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  return page.evaluate(() => {
    const edges = (el: Element) => {
      const r = el.getBoundingClientRect();
      return [Math.round(r.left), Math.round(r.right)];
    };
    const blocks = [...document.querySelectorAll('main .mantine-Paper-root, main .mantine-Alert-root')].filter(
      (el) => !el.closest('[data-sticky-footer]') && el.getBoundingClientRect().width > 0,
    );
    const all = blocks.map(edges);
    return {
      content: [Math.min(...all.map((e) => e[0])), Math.max(...all.map((e) => e[1]))],
      footer: edges(document.querySelector('[data-sticky-footer]') as Element),
    };
  });
};

test('every editor step has one width, the footer aligned with it, skeletons while loading, and whole focus rings', async ({
  page,
}) => {
  const owner = await signUpOwner(page);
  await openOffers(page);
  const id = await createOffer(page, 'Lake cruise');

  // One content width on every step, and the footer on the same edges.
  const seen = new Set<string>();
  for (const step of STEPS) {
    await page.goto(editorUrl(owner.subdomain, id, step));
    const { content, footer } = await columns(page);
    expect(footer, step).toEqual(content);
    seen.add(content.join('-'));
  }
  expect([...seen]).toHaveLength(1);
  await screenshot(page, 'editor-01-preview-width');

  // Basic info: City and Country side by side, on one line; the country is chosen by name.
  await page.goto(editorUrl(owner.subdomain, id, 'basic-info'));
  const [cityBox, countryBox] = [
    await page.getByLabel('City', { exact: true }).boundingBox(),
    await page.getByRole('combobox', { name: 'Country', exact: true }).boundingBox(),
  ];
  expect(Math.abs((cityBox?.y ?? 0) - (countryBox?.y ?? 1))).toBeLessThanOrEqual(1);
  expect(countryBox?.x ?? 0).toBeGreaterThan((cityBox?.x ?? 0) + (cityBox?.width ?? 0));

  // The step tabs' focus ring is drawn inside the tab: the scrolling row cannot clip it.
  await page.goto(editorUrl(owner.subdomain, id, 'basic-info'));
  const firstStep = editorSteps(page).getByRole('link').first();
  await firstStep.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(firstStep).toBeFocused();
  const ring = await firstStep.evaluate((el) => {
    const style = getComputedStyle(el);
    return { visible: el.matches(':focus-visible'), style: style.outlineStyle, offset: style.outlineOffset };
  });
  expect(ring).toEqual({ visible: true, style: 'solid', offset: '-2px' });
  await editorSteps(page).screenshot({ path: 'test-results/screens/editor-02-step-focus.png' });

  // A toast after saving rises above the sticky footer: Back and Save stay uncovered.
  await page.getByLabel('Title').fill('Lake cruise at dusk');
  await save(page);
  const updated = toast(page, MESSAGES.experienceUpdated);
  await expect(updated).toBeVisible();
  const [toastBox, footerBox] = [await updated.boundingBox(), await page.locator('[data-sticky-footer]').boundingBox()];
  expect((toastBox?.y ?? 0) + (toastBox?.height ?? 0)).toBeLessThanOrEqual(footerBox?.y ?? 0);
  await screenshot(page, 'editor-03-toast-above-footer');

  // Data that arrives slowly: the next step shows its shape, never an empty page.
  await page.route('**/api/pricing-rates/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await editorSteps(page).getByRole('link', { name: 'Pricing', exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  const main = page.locator('main');
  await expect(main.locator('.mantine-Skeleton-root').first()).toBeVisible();
  expect((await main.innerText()).trim().length).toBeGreaterThan(0);
  await screenshot(page, 'editor-04-pricing-loading');
  await expect(
    main.getByRole('region', { name: 'Rates' }).getByText('This offer has no rates yet.', { exact: false }),
  ).toBeVisible();
  await page.unroute('**/api/pricing-rates/**');
  await expectNoSeriousA11yViolations(page, 'editor pricing step');
});

test('booking info shows the chosen meeting point and policy in their selects, even when the lists arrive late', async ({
  page,
}) => {
  const owner = await signUpOwner(page);
  await openOffers(page);
  const id = await createOffer(page, 'Canyon hike');
  const api = apiAs(page);
  const point = await api.post('/meeting-points/', { name: 'Trailhead car park', address: 'Canyon road 1' });
  const policy = await api.post('/cancellation-policies/', {
    name: 'Flexible',
    tiers: [{ hours_before: 24, refund_percent: 100 }],
  });
  await api.patch(`/experiences/${id}/`, { meeting_point_id: point.id, cancellation_policy_id: policy.id });

  // The lists answer only after the selects have mounted.
  await page.route(/\/api\/(meeting-points|cancellation-policies)\/\?/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.goto(editorUrl(owner.subdomain, id, 'booking-info'));
    await expect(page.getByRole('combobox', { name: 'Meeting point', exact: true })).toHaveValue('Trailhead car park');
    await expect(page.getByRole('combobox', { name: 'Cancellation policy', exact: true })).toHaveValue('Flexible');
  }
  await screenshot(page, 'editor-05-booking-info-selects');
});
