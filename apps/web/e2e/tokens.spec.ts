import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, signInAt } from './helpers';
import { alice } from './users';

const name = `Journey ${Date.now().toString(36)}`;

/** GET /api/users/me/ from the page's own context with the token as its bearer credential. */
const readMe = (page: Page, token: string) =>
  page.evaluate(async (bearer) => {
    const response = await fetch('/api/users/me/', {
      headers: { authorization: `Bearer ${bearer}` },
    });
    return { status: response.status, body: (await response.json()) as { email?: string } };
  }, token);

test('personal access tokens: create one, see it once, use it, revoke it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAt(page, alice);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Personal access tokens' });
  const form = section.getByRole('form', { name: 'New token' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('radio', { name: 'Read', exact: true }).check();
  await expect(form.getByRole('combobox', { name: 'Expires in' })).toHaveText('30 days');
  await form.getByRole('button', { name: 'Create token' }).click();

  // Shown once, with a Copy button and a client's configuration that carries it.
  const panel = section.getByRole('region', { name: `Your new token ${name}` });
  await expect(panel).toContainText('it will not be shown again');
  const token = await panel.getByRole('textbox', { name: 'Token' }).inputValue();
  expect(token).toMatch(/^ifp_[\w-]{43}$/);
  await expect(panel.getByRole('button', { name: 'Copy' })).toBeVisible();
  const origin = new URL(page.url()).origin;
  await expect(panel.locator('pre')).toContainText(`"url": "${origin}/api/mcp/"`);
  await expect(panel.locator('pre')).toContainText(`"Authorization": "Bearer ${token}"`);
  const item = section.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText(`${token.slice(0, 12)}…`);
  await expect(item).toContainText('Last used Never');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The token reads the API as its owner.
  const me = await readMe(page, token);
  expect(me.status).toBe(200);
  expect(me.body.email).toBe(alice.email);

  // Once dismissed, or after a reload, the secret is nowhere on the page; its last use is.
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
  await page.reload();
  await expect(item).toBeVisible();
  await expect(item).not.toContainText('Last used Never');
  expect(await page.content()).not.toContain(token);

  // Revoked after a confirmation, it stops working at once.
  await item.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke ${name}?` });
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Revoke token' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toHaveCount(0);
  const after = await readMe(page, token);
  expect(after.status).toBe(401);
});
