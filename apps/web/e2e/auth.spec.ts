import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, signInAt } from './helpers';
import { alice } from './users';

test('signs in, stays signed in across a reload, and logs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Login to Ideaforge' })).toBeVisible();
  await signIn(page, alice);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Welcome, Alice Example')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Welcome, Alice Example')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=/);
});

test('shows the failure text for a wrong password', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, { ...alice, password: 'not the password' });
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Email')).toBeEnabled();
});

test('a deep link goes through sign-in and back', async ({ page }) => {
  await page.goto('/saved?page=2');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fsaved/);
  await signIn(page, alice);
  await expect(page).toHaveURL(/\/saved/);
  await expect(page.getByRole('heading', { name: 'Saved Ideas' })).toBeVisible();
});

test('logs out from the user menu', async ({ page }) => {
  await signInAt(page, alice);
  await page.getByRole('button', { name: /Alice Example/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('login and dashboard pages have no accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectNoAxeViolations(page);
  await signIn(page, alice);
  await expect(page.getByText('Welcome, Alice Example')).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('in the dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('login and dashboard pages have no accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectNoAxeViolations(page);
    await signIn(page, alice);
    await expect(page.getByText('Welcome, Alice Example')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
