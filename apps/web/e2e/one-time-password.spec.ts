import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsAtBothWidths, signIn, signInAt } from './helpers';
import { PASSWORD, sam } from './users';

/**
 * Staff add a member on the Team page; the member signs in with the one-time password, is asked
 * for one of their own before anything else, sets it, and lands where they were going
 * (decision 043).
 */
test('a member signing in with a one-time password chooses their own, then goes on', async ({
  page,
  browser,
}) => {
  const tag = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const email = `olive-${tag}@example.com`;

  await signInAt(page, sam);
  await page.goto('/team');
  await page.getByRole('button', { name: 'Add member' }).click();
  await page.getByRole('textbox', { name: 'Email *' }).fill(email);
  await page.getByRole('textbox', { name: 'First name' }).fill('Olive');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Once');
  await page.getByRole('button', { name: 'Add member' }).click();
  const panel = page.getByRole('region', { name: 'Olive Once was added' });
  await expect(panel).toContainText(
    'At their first sign-in with it, they will be asked to choose a password of their own.',
  );
  const oneTime = await panel.getByRole('textbox', { name: 'One-time password' }).inputValue();
  const row = page.getByRole('row', { name: /Olive Once/ });
  await expect(row).toContainText('Has not chosen a password yet');

  // The member, in a browser of their own, opens their saved ideas and is asked to sign in.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await theirs.goto('/saved');
  await expect(theirs).toHaveURL(/\/login\?returnTo=%2Fsaved/);
  await signIn(theirs, { email, password: oneTime, firstName: 'Olive', lastName: 'Once' });
  await expect(theirs).toHaveURL(/\/choose-password\?returnTo=%2Fsaved/);
  const form = theirs.getByRole('form', { name: 'Choose a new password' });
  await expect(
    theirs.getByRole('heading', { name: 'Choose a new password', level: 1 }),
  ).toBeVisible();
  await expect(theirs).toHaveTitle('Choose a new password · Ideaforge');
  // Nothing else of the app shows, and the server refuses it too.
  await expect(theirs.getByRole('navigation')).toHaveCount(0);
  await theirs.goto('/dashboard');
  await expect(theirs).toHaveURL(/\/choose-password\?returnTo=%2Fdashboard/);
  await expectNoAxeViolationsAtBothWidths(theirs);

  // Two new passwords that differ are refused at the field, announced.
  await form.getByLabel('Current password').fill(oneTime);
  await form.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm new password').fill(`${PASSWORD}!`);
  await form.getByRole('button', { name: 'Set password' }).click();
  await expect(form.getByRole('alert')).toHaveText('The two new passwords are not the same.');
  await expect(form.getByLabel('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolationsAtBothWidths(theirs);

  await form.getByLabel('Confirm new password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Set password' }).click();
  await expect(theirs).toHaveURL(/\/dashboard$/);
  await expect(theirs.getByText('Welcome, Olive Once')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(theirs);

  // Signed in again later, the password is theirs: nothing is asked.
  await context.clearCookies();
  await theirs.goto('/saved');
  await signIn(theirs, { email, password: PASSWORD, firstName: 'Olive', lastName: 'Once' });
  await expect(theirs).toHaveURL(/\/saved$/);
  await expect(theirs.getByRole('heading', { name: 'Saved Ideas', level: 1 })).toBeVisible();
  await context.close();

  // Staff's list no longer marks them.
  await page.reload();
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText('Has not chosen a password yet');
});
