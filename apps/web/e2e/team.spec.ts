import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseNewPassword, expectNoAxeViolations, signIn, signInAt } from './helpers';
import { PASSWORD, sam, type TestUser } from './users';

const PHONE = { width: 390, height: 844 };

/** A member to add: a new email on every run, so the journeys never meet one another's. */
function newMember(firstName: string): TestUser {
  const tag = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  return {
    email: `${firstName.toLowerCase()}-${tag}@example.com`,
    password: PASSWORD,
    firstName,
    lastName: 'Newcomer',
  };
}

const fullName = (user: TestUser) => `${user.firstName} ${user.lastName}`;

async function openTeam(page: Page) {
  await signInAt(page, sam);
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Showing \d+ of \d+ members/)).toBeVisible();
}

/** Adds `user` from the open Team page; returns the one-time password it shows. */
async function addMember(page: Page, user: TestUser, { checkAxe = false } = {}) {
  await page.getByRole('button', { name: 'Add member' }).click();
  const email = page.getByRole('textbox', { name: 'Email *' });
  await expect(email).toBeFocused();
  await email.fill(user.email);
  await page.getByRole('textbox', { name: 'First name' }).fill(user.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(user.lastName);
  if (checkAxe) await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByRole('heading', { name: `${fullName(user)} was added` })).toBeFocused();
  const password = await page.getByRole('textbox', { name: 'One-time password' }).inputValue();
  expect(password).toMatch(/^[\w]{5}(-[\w]{5}){3}$/);
  return password;
}

/**
 * Signs in as `user` with the one-time password staff gave them, in a browser context of its
 * own (another person's browser), and chooses their own password, `PASSWORD`, as the first
 * sign-in asks. Returns once the app has gone on, so that a navigation which follows cannot cut
 * it short.
 */
async function signInElsewhere(browser: Browser, user: TestUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, user);
  await expect(page).toHaveURL(/\/choose-password/);
  await chooseNewPassword(page, user.password, PASSWORD);
  user.password = PASSWORD;
  return { context, page };
}

test('staff add a member who signs in with the one-time password, then deactivate them', async ({
  page,
  browser,
}) => {
  await openTeam(page);
  await expectNoAxeViolations(page);
  const member = newMember('Nora');
  member.password = await addMember(page, member, { checkAxe: true });
  await expect(page.getByRole('region', { name: `${fullName(member)} was added` })).toContainText(
    'they will be asked to choose a password of their own',
  );
  await expectNoAxeViolations(page);
  await expect(page.getByRole('row', { name: new RegExp(fullName(member)) })).toContainText(
    'Active',
  );
  await expect(page.getByRole('row', { name: new RegExp(fullName(member)) })).toContainText(
    'Has not chosen a password yet',
  );

  const theirs = await signInElsewhere(browser, member);
  await expect(theirs.page.getByText(`Welcome, ${fullName(member)}`)).toBeVisible();

  await page.getByRole('button', { name: 'Done' }).click();
  // Marked until they chose their own password, which they now have.
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(fullName(member)) })).toContainText(
    'Active',
  );
  await expect(page.getByRole('row', { name: new RegExp(fullName(member)) })).not.toContainText(
    'Has not chosen a password yet',
  );
  await page.getByRole('button', { name: `Deactivate ${fullName(member)}` }).click();
  const row = page.getByRole('row', { name: new RegExp(fullName(member)) });
  await expect(row).toContainText('Inactive');
  await expect(page.getByRole('button', { name: `Reactivate ${fullName(member)}` })).toBeVisible();

  // Their session ends, and signing in again is refused.
  await theirs.page.reload();
  await expect(theirs.page).toHaveURL(/\/login/);
  await signIn(theirs.page, member);
  await expect(theirs.page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await theirs.context.close();
});

test('a member who opens /team is told that only staff manage the team', async ({
  page,
  browser,
}) => {
  const member = newMember('Mia');
  await openTeam(page);
  member.password = await addMember(page, member);
  const theirs = await signInElsewhere(browser, member);
  await theirs.page.goto('/team');
  await expect(theirs.page.getByText('Only staff can manage the team.')).toBeVisible();
  await expect(theirs.page.getByRole('link', { name: 'Team', exact: true })).toHaveCount(0);
  await expectNoAxeViolations(theirs.page);
  await theirs.context.close();
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });

  test('the Team page, its form, a reset and its password have no violations', async ({
    page,
    browser,
  }) => {
    await openTeam(page);
    await expectNoAxeViolations(page);
    const member = newMember('Pia');
    await addMember(page, member, { checkAxe: true });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: `Reset password ${fullName(member)}` }).click();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Confirm reset' }).click();
    await expect(
      page.getByRole('heading', { name: `New password for ${fullName(member)}` }),
    ).toBeFocused();
    const password = await page.getByRole('textbox', { name: 'One-time password' }).inputValue();
    await expectNoAxeViolations(page);

    const theirs = await signInElsewhere(browser, {
      ...member,
      password,
    });
    await expect(theirs.page.getByText(`Welcome, ${fullName(member)}`)).toBeVisible();
    await theirs.context.close();
  });
});
