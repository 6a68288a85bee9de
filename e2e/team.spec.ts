import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { dashboardUrl, inviteMember, screenshot, sidebar, signUpOwner, tabs, toast } from './support/account.ts';
import { latestMailTo, linkIn } from './support/mail.ts';

test('an owner creates a role, invites a member with it, and the member cannot open Team', async ({ page, browser }) => {
  const owner = await signUpOwner(page);

  await sidebar(page).getByRole('link', { name: 'Team', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/team\/members\?pageSize=25$/);
  await tabs(page).getByRole('link', { name: 'Roles' }).click();
  await expect(page).toHaveURL(/\/settings\/team\/roles/);

  // A role that may only view experiences.
  await page.getByRole('button', { name: 'New role' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'New role' });
  await roleDialog.getByLabel('Name').fill('Guide');
  await roleDialog.getByLabel('Description').fill('Leads the tours');
  await roleDialog.getByRole('checkbox', { name: 'View experiences' }).check();
  await expect(roleDialog.getByRole('checkbox', { name: 'Manage users' })).not.toBeChecked();
  await screenshot(page, 'team-01-new-role');
  await roleDialog.getByRole('button', { name: 'Create role' }).click();
  await expect(toast(page, MESSAGES.created)).toBeVisible();
  await expect(roleDialog).toBeHidden();
  const guideRow = page.getByRole('table', { name: 'Roles' }).getByRole('row').filter({ hasText: 'Guide' });
  await expect(guideRow).toContainText('View experiences');
  await expect(guideRow).not.toContainText('Manage users');
  await screenshot(page, 'team-02-roles');

  // Editing the role saves the change.
  await page.getByRole('button', { name: 'Edit Guide' }).click();
  const editRole = page.getByRole('dialog', { name: 'Edit role Guide' });
  await editRole.getByLabel('Description').fill('Leads the walking tours');
  await editRole.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  await expect(editRole).toBeHidden();
  await expect(guideRow).toContainText('Leads the walking tours');

  // Invite a member with that role.
  await tabs(page).getByRole('link', { name: 'Members' }).click();
  const memberEmail = `guide-${owner.subdomain}@example.test`;
  await inviteMember(page, memberEmail, 'Guide');
  // The invitation's toast (the role's may still be open beside it).
  await expect(toast(page, MESSAGES.created).last()).toBeVisible();
  const memberRow = page.getByRole('table', { name: 'Team members' }).getByRole('row').filter({ hasText: memberEmail });
  await expect(memberRow).toContainText('Guide');
  await expect(memberRow).toContainText('Invited');
  await screenshot(page, 'team-03-invited');

  // The member accepts in their own browser.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const invite = linkIn(await latestMailTo(memberEmail), '/auth/accept-invite');
  expect(invite.startsWith(dashboardUrl(owner.subdomain, '/auth/accept-invite'))).toBe(true);
  await member.goto(invite);
  // The invitation names the organization and the address that joins.
  await expect(member.getByRole('heading', { name: `Join ${owner.organization} on Excursio` })).toBeVisible();
  await expect(member.getByLabel('Email')).toHaveValue(memberEmail);
  await member.getByLabel('First name').fill('Gina');
  await member.getByLabel('Last name').fill('Guide');
  await member.getByLabel('Password', { exact: true }).fill('Compass-Meadow-58!');
  await member.getByLabel('Confirm password').fill('Compass-Meadow-58!');
  await member.getByRole('button', { name: 'Accept and sign in' }).click();
  // Signed in at once, on the organization's dashboard: no second login with the email typed again.
  await member.waitForURL(dashboardUrl(owner.subdomain));
  await expect(member.getByRole('heading', { name: 'Welcome, Gina' })).toBeVisible();
  const teamItem = sidebar(member).getByRole('link', { name: 'Team', exact: true });
  await expect(teamItem).toBeDisabled();
  await expect(sidebar(member).getByRole('link', { name: 'Catalog', exact: true })).toBeEnabled();
  await screenshot(member, 'team-04-member-dashboard');

  await member.goto(dashboardUrl(owner.subdomain, '/settings/team/members'));
  await expect(member.getByText(MESSAGES.noPermission)).toBeVisible();
  // The area's tabs need the same permission as its pages.
  await expect(tabs(member).getByRole('button', { name: 'Roles' })).toBeDisabled();
  await screenshot(member, 'team-05-no-permission');
  await member.getByRole('link', { name: MESSAGES.goToDashboard }).click();
  await expect(member).toHaveURL(dashboardUrl(owner.subdomain));
  await expect(member.getByRole('heading', { name: 'Welcome, Gina' })).toBeVisible();

  // The owner now sees the member as active, and can rename them.
  await page.reload();
  await expect(memberRow).toContainText('Active');
  await page.getByRole('button', { name: `Actions for ${memberEmail}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editMember = page.getByRole('dialog', { name: 'Edit team member' });
  await editMember.getByLabel('First name').fill('Georgina');
  await editMember.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  await expect(memberRow).toContainText('Georgina');
  await memberContext.close();
});
