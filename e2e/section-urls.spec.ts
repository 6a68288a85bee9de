import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { BARE, dashboardUrl, screenshot, signUpOwner, tabs, toast } from './support/account.ts';

const search = (page: Page) => new URL(page.url()).search;

/** Whether two boxes on the screen overlap. */
const overlaps = async (a: Locator, b: Locator) => {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('not on screen');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

test('every section path opens its first page with its tab selected', async ({ page }) => {
  const owner = await signUpOwner(page);
  const cases: [string, RegExp, string][] = [
    ['/settings/team', /\/settings\/team\/members\?pageSize=25$/, 'Members'],
    ['/settings/team/', /\/settings\/team\/members\?pageSize=25$/, 'Members'],
    ['/settings/subscription', /\/settings\/subscription\/supplier-plans$/, 'Supplier plans'],
    ['/settings/organization', /\/settings\/organization\/contact$/, 'Contact info'],
    ['/settings', /\/settings\/organization\/contact$/, 'Contact info'],
    ['/inventory', /\/inventory\/overview\?pageSize=25$/, 'Items'],
    ['/products/experiences', /\/products\/experiences\/overview\?pageSize=25$/, 'Catalog'],
    ['/products', /\/products\/experiences\/overview\?pageSize=25$/, 'Catalog'],
  ];
  for (const [path, target, tab] of cases) {
    await page.goto(dashboardUrl(owner.subdomain, path));
    await expect(page, path).toHaveURL(target);
    await expect(tabs(page).getByRole('link', { name: tab, exact: true }), path).toHaveAttribute('aria-current', 'page');
  }
  // The tabs' focus ring is drawn inside each tab: the sideways-scrolling row cannot clip it.
  const first = tabs(page).getByRole('link').first();
  await first.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  const ring = await first.evaluate((el) => {
    const style = getComputedStyle(el);
    return { visible: el.matches(':focus-visible'), style: style.outlineStyle, offset: style.outlineOffset };
  });
  expect(ring).toEqual({ visible: true, style: 'solid', offset: '-2px' });
  await tabs(page).screenshot({ path: 'test-results/screens/section-00-tab-focus.png' });

  // A replace, not a new history entry: Back leaves the section instead of bouncing into it again.
  await page.goto(dashboardUrl(owner.subdomain, '/dashboard'));
  await page.goto(dashboardUrl(owner.subdomain, '/settings/team'));
  await expect(page).toHaveURL(/\/settings\/team\/members/);
  await page.goBack();
  await expect(page).toHaveURL(dashboardUrl(owner.subdomain, '/dashboard'));
  // Areas not built yet redirect too (here to the plan guard: Starter has no stores).
  await page.goto(dashboardUrl(owner.subdomain, '/sales'));
  await expect(page).toHaveURL(/\/sales\/stores$/);
});

test('invalid pageSize and page are corrected in the URL once, before any request, without an error', async ({ page }) => {
  const owner = await signUpOwner(page);
  const sizes: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/roles/') sizes.push(`${url.searchParams.get('page_size')}/${url.searchParams.get('page')}`);
  });
  const rowsPerPage = page.getByRole('combobox', { name: 'Rows per page' });
  const rows = page.getByRole('table', { name: 'Roles' }).locator('tbody tr');
  const cases: [string, string, string][] = [
    ['pageSize=1000', '?pageSize=50', '50'],
    ['pageSize=7', '?pageSize=5', '5'],
    ['pageSize=abc&search=', '?pageSize=25&search=', '25'],
    ['pageSize=0&page=abc', '?pageSize=5', '5'],
    ['pageSize=10&page=-3', '?pageSize=10', '10'],
  ];
  for (const [query, corrected, shown] of cases) {
    await page.goto(dashboardUrl(owner.subdomain, `/settings/team/roles?${query}`));
    await expect.poll(() => search(page), query).toBe(corrected);
    await expect(rowsPerPage, query).toHaveValue(shown);
    await expect(rows.first(), query).toBeVisible();
    await expect(page.getByRole('alert'), query).toHaveCount(0);
  }
  // Only allowed sizes and whole pages ever reached the API.
  expect(sizes.length).toBeGreaterThan(0);
  for (const sent of sizes) expect(sent).toMatch(/^(5|10|25|50)\/1$/);

  // A page past the last one: back to page 1, and no error toast either.
  await page.goto(dashboardUrl(owner.subdomain, '/settings/team/roles?pageSize=5&page=99'));
  await expect.poll(() => search(page)).toBe('?pageSize=5');
  await expect(rows).toHaveCount(5);
  await expect(page.getByTestId('pager-range')).toHaveText('1–5 of 5');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await screenshot(page, 'section-01-roles-corrected');
});

test('the header has no empty band without tabs, and toasts stay clear of modal and header controls', async ({ page }) => {
  const owner = await signUpOwner(page);
  const header = page.locator('header').first();
  const firstContent = page.locator('main').getByRole('heading', { name: /Welcome/ });
  await expect(firstContent).toBeVisible();
  // Without tabs the header is the title row alone, and the page starts right under it.
  const dashboardHeader = await header.boundingBox();
  expect(dashboardHeader?.height).toBe(74);
  const contentTop = (await firstContent.boundingBox())?.y ?? 0;
  expect(contentTop - 74).toBeLessThan(40);
  await expectNoSeriousA11yViolations(page, 'dashboard');
  await screenshot(page, 'section-02-dashboard-no-band');
  // With tabs, the specification's 122 px.
  await page.goto(dashboardUrl(owner.subdomain, '/settings/team/roles'));
  await expect(page.getByRole('table', { name: 'Roles' }).locator('tbody tr').first()).toBeVisible();
  expect((await header.boundingBox())?.height).toBe(122);
  await expectNoSeriousA11yViolations(page, 'roles list');

  // Two toasts, then the next modal: its close button, its Save and the user menu stay uncovered.
  for (const name of ['Guide', 'Driver']) {
    await page.getByRole('button', { name: 'New role' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New role' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create role' }).click();
    await expect(dialog).toBeHidden();
  }
  const toasts = toast(page, 'Success!');
  await expect(toasts).toHaveCount(2);
  await page.getByRole('button', { name: 'New role' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New role' });
  await expect(dialog).toBeVisible();
  const controls = [
    dialog.locator('.mantine-Modal-close'),
    dialog.getByRole('button', { name: 'Create role' }),
    page.getByRole('button', { name: 'User menu' }),
  ];
  for (let i = 0; i < 2; i++) {
    for (const control of controls) expect(await overlaps(toasts.nth(i), control)).toBe(false);
  }
  await screenshot(page, 'section-03-toasts-and-modal');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('an anonymous page load makes no calls that must fail (no 401s in the console)', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() === 401) problems.push(`401 ${response.url()}`);
  });
  await page.goto(`${BARE}/auth/login`);
  await expect(page.getByRole('heading', { name: 'Log in to Excursio' })).toBeVisible();
  await page.goto(dashboardUrl('nobody-signed-in', '/dashboard'));
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in to Excursio' })).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});
