import { expect, test, type APIRequestContext } from '@playwright/test';
import { accessToken, expectNoAxeViolations, sidewaysScrollers, signInAt } from './helpers';
import { alice } from './users';

test.use({ viewport: { width: 390, height: 844 } });

const longTitle = 'How might we make the weekly planning meeting shorter without losing anything';

async function createBrainstorm(request: APIRequestContext, token: string, title: string) {
  const response = await request.post('/api/brainstorms/', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      description: '',
      type: 'bad_idea_contest',
      parameters: { problem: title, themes: [], type: 'bad_idea_contest' },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function countBrainstorms(request: APIRequestContext, token: string, search: string) {
  const response = await request.get(`/api/brainstorms/?search=${encodeURIComponent(search)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { count: number }).count;
}

test('on a phone the brainstorm list fits the screen and opens each brainstorm', async ({
  page,
  request,
}) => {
  const token = await accessToken(request, alice);
  const id = await createBrainstorm(request, token, longTitle);
  await signInAt(page, alice);
  await page.goto('/brainstorms/');

  const row = page.getByRole('row', { name: new RegExp(longTitle) });
  const title = row.getByRole('link', { name: longTitle, exact: true });
  await expect(title).toBeVisible();
  await expect(title).toHaveAttribute('href', `/brainstorms/${id}`);
  const view = row.getByRole('link', { name: /^View/ });
  await expect(view).toBeInViewport();
  await expect(row).toContainText('#Ideas');
  expect(await sidewaysScrollers(page)).toEqual([]);
  await expectNoAxeViolations(page);

  await view.click();
  await expect(page).toHaveURL(new RegExp(`/brainstorms/${id}/?$`));
  await expect(page.getByRole('heading', { name: longTitle, level: 1 })).toBeVisible();
  expect(await sidewaysScrollers(page)).toEqual([]);
});

test('on a phone a double tap on Create Brainstorm creates one brainstorm', async ({
  page,
  request,
}) => {
  const problem = `Double taps ${Date.now()}`;
  const token = await accessToken(request, alice);
  await signInAt(page, alice);
  await page.goto('/brainstorms/');

  await page.getByRole('button', { name: 'Create New' }).click();
  await page.getByLabel(/Problem/).fill(problem);
  await page.getByRole('button', { name: 'Create Brainstorm' }).dblclick();

  await expect(page).toHaveURL(/\/brainstorms\/\d+\/?$/);
  await expect(page.getByRole('heading', { name: problem, level: 1 })).toBeVisible();
  // A second request, had there been one, has landed by the time the page is quiet.
  await page.waitForLoadState('networkidle');
  expect(await countBrainstorms(request, token, problem)).toBe(1);
});
