import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAt } from './helpers';
import { alice, bob } from './users';

test('create a brainstorm, edit it, find it; a teammate can read but not change it', async ({
  page,
  browser,
}) => {
  await signInAt(page, alice);
  await page.goto('/brainstorms/');
  await expect(page.getByRole('heading', { name: 'Brainstorms', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Create New' }).click();
  await expect(page.getByText('Create New Brainstorm')).toBeVisible();
  await page.getByRole('button', { name: 'Create Brainstorm' }).click();
  await expect(page.getByText('Problem is required')).toBeVisible();
  // The open form, with its error showing, is checked too.
  await expectNoAxeViolations(page);

  await page.getByLabel(/Problem/).fill('How might we make Monday mornings better?');
  await page.getByLabel('Themes').fill('coffee,  music , ');
  await page.getByRole('combobox', { name: /Brainstorm Type/ }).click();
  await page.getByRole('option', { name: 'SCAMPER' }).click();
  await page.getByRole('button', { name: 'Create Brainstorm' }).click();

  await expect(page).toHaveURL(/\/brainstorms\/\d+\/?$/);
  const id = /\/brainstorms\/(\d+)/.exec(page.url())?.[1];
  expect(id).toBeDefined();
  await expect(page.getByText('SCAMPER', { exact: true })).toBeVisible();
  await expect(page.getByText('coffee, music')).toBeVisible();
  // Without a title of its own, the brainstorm is titled with its problem's core.
  await expect(page.getByRole('heading', { name: 'Make Monday mornings better' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText(
    `Brainstorm ${id}`,
  );
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Edit' }).click();
  await expectNoAxeViolations(page);
  await page.getByLabel('Title').fill('Better Mondays');
  await page.getByLabel('Description').fill('Small rituals that make the week start well.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByText('Better Mondays').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('Small rituals that make the week start well.')).toBeVisible();

  await page.goto('/brainstorms/');
  const row = page.getByRole('row', { name: /Better Mondays/ });
  await expect(row).toContainText('SCAMPER');
  // The debug line of raw type values, quietly under the type's name.
  await expect(row).toContainText('scamper / scamper');
  await row.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/brainstorms/${id}/?$`));

  const teammate = await browser.newContext();
  try {
    const other = await teammate.newPage();
    await signInAt(other, bob);
    await other.goto(`/brainstorms/${id}/`);
    await expect(other.getByText('Better Mondays').first()).toBeVisible();
    await expect(other.getByText('How might we make Monday mornings better?')).toBeVisible();
    await expect(other.getByRole('button', { name: 'Edit' })).toHaveCount(0);

    const login = await other.request.post('/api/auth/token/', {
      data: { email: bob.email, password: bob.password },
    });
    const { access } = (await login.json()) as { access: string };
    const attempt = await other.request.patch(`/api/brainstorms/${id}/`, {
      headers: { authorization: `Bearer ${access}` },
      data: { title: 'Hijacked' },
    });
    expect(attempt.status()).toBe(403);
  } finally {
    await teammate.close();
  }
  await page.reload();
  await expect(page.getByText('Better Mondays').first()).toBeVisible();
});
