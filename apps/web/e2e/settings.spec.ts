import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAt } from './helpers';
import { bob } from './users';

test('the settings page, from the user menu, changes my name everywhere', async ({
  page,
  browser,
}) => {
  // Bob is signed in on another device too.
  const elsewhere = await browser.newContext();
  const otherDevice = await elsewhere.newPage();
  await signInAt(otherDevice, bob);
  await signInAt(page, bob);
  await page.getByRole('button', { name: /Bob Builder/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page).toHaveTitle(/Settings/);
  const profile = page.getByRole('form', { name: 'Profile' });
  await expect(profile.getByLabel('First name')).toHaveValue('Bob');
  await expectNoAxeViolations(page);

  await profile.getByLabel('Last name').fill('the Builder');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByText('Saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Bob the Builder/ })).toBeVisible();
  await page.reload();
  await expect(profile.getByLabel('Last name')).toHaveValue('the Builder');

  // A wrong current password is refused at its field, and nothing changes.
  const password = page.getByRole('form', { name: 'Password' });
  await password.getByLabel('Current password').fill('not my password');
  await password.getByLabel('New password').fill('another long passphrase');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('The current password is not correct.')).toBeVisible();

  // Signing out the other sessions ends the other device's at once, and not this one.
  await page.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(page.getByText('Every other session is signed out.')).toBeVisible();
  await otherDevice.reload();
  await expect(otherDevice).toHaveURL(/\/login/);
  await elsewhere.close();
  await page.reload();
  await expect(profile.getByLabel('First name')).toHaveValue('Bob');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await profile.getByLabel('Last name').fill('Builder');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByText('Saved.')).toBeVisible();
});
