import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAt } from './helpers';
import { alice } from './users';

test('the sidebar state survives a reload, and Ctrl+B toggles it', async ({ page }) => {
  await signInAt(page, alice);
  const sidebar = page.locator('[data-slot="sidebar"][data-state]');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');

  await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');

  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'sidebar_state')?.value).toBe('true');
});

test('Ctrl+B toggles the sidebar while typing in a field, and types nothing', async ({ page }) => {
  await signInAt(page, alice, '/login?returnTo=%2Fbrainstorms%2F');
  const sidebar = page.locator('[data-slot="sidebar"][data-state]');
  await page.getByRole('button', { name: 'Create New' }).click();
  const problem = page.getByLabel(/Problem/);
  await problem.pressSequentially('Slow builds');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');

  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.getByLabel('Themes').focus();
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await expect(problem).toHaveValue('Slow builds');
  await expect(page.getByLabel('Themes')).toHaveValue('');
});

test('navigates with the sidebar and shows the breadcrumb trail', async ({ page }) => {
  await signInAt(page, alice);
  await page.getByRole('link', { name: 'Brainstorms' }).first().click();
  await expect(page).toHaveURL(/\/brainstorms\/?$/);
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText('Brainstorms');
});

test('an unknown address shows Not Found in the shell, titled, with a way home', async ({
  page,
}) => {
  await signInAt(page, alice);
  await expect(page).toHaveTitle('Dashboard · Ideaforge');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Not Found', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Not Found · Ideaforge');
  await expect(page.getByRole('link', { name: 'Saved' }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard · Ideaforge');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the sidebar opens as a sheet from the left', async ({ page }) => {
    await signInAt(page, alice);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Saved' })).toBeVisible();
    // Flush with the left edge once it has slid in.
    await expect.poll(async () => (await sheet.boundingBox())?.x).toBe(0);
    await sheet.getByRole('link', { name: 'Saved' }).click();
    await expect(page).toHaveURL(/\/saved/);
  });
});
