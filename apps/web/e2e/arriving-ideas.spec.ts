import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  accessToken,
  bearer,
  createBrainstormViaApi,
  expectNoAxeViolations,
  signInAt,
} from './helpers';
import { alice, bob } from './users';

/*
 * Ideas that arrive while a teammate reviews (issue 39): they never move the rows being worked
 * through, they are told of, and the reviewer carries on into them from the last row.
 */

async function addIdea(
  request: APIRequestContext,
  token: string,
  brainstorm: number,
  title: string,
) {
  const response = await request.post('/api/ideas/', {
    headers: bearer(token),
    data: { brainstorm, title, summary: `${title}, said at length.` },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A brainstorm of three ideas by Alice, and Bob on its review page; its id, and the rows. */
async function bobReviewing(page: Page, request: APIRequestContext, token: string, name: string) {
  const brainstorm = await createBrainstormViaApi(request, token, `${name} ${String(Date.now())}`);
  for (const title of ['Seed library', 'Repair cafe', 'Board game night']) {
    await addIdea(request, token, brainstorm, title);
  }
  await signInAt(page, bob);
  await page.goto(`/brainstorms/${brainstorm}/review`);
  const region = page.getByRole('region', { name: 'Ideas Review' });
  const rows = region.locator('tr[data-idea-id]:not([id])');
  await expect(rows).toHaveCount(3);
  return { brainstorm, region, rows };
}

test('at desktop width, j carries on from the last row into the ideas that arrived', async ({
  page,
  request,
}) => {
  const token = await accessToken(request, alice);
  const { brainstorm, region, rows } = await bobReviewing(page, request, token, 'Library evenings');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(rows.nth(2)).toHaveAttribute('data-active');
  const before = await rows.allInnerTexts();

  const first = await addIdea(request, token, brainstorm, 'Silent disco');
  const second = await addIdea(request, token, brainstorm, 'Poetry slam');
  const offer = region.getByRole('button', { name: '2 new ideas — show them' });
  await expect(offer).toBeVisible();
  // Told politely, and no row moved under the reviewer.
  await expect(
    region.getByRole('status').filter({ hasText: '2 new ideas — show them' }),
  ).toHaveCount(1);
  expect(await rows.allInnerTexts()).toEqual(before);
  await expectNoAxeViolations(page);

  await page.keyboard.press('j');
  await expect(rows).toHaveCount(5);
  // Newest first, as the spec orders them: the newest arrival is where j carries on.
  await expect(region.locator(`tr[data-idea-id="${second}"]`)).toHaveAttribute('data-active');
  await page.keyboard.press('j');
  await expect(region.locator(`tr[data-idea-id="${first}"]`)).toHaveAttribute('data-active');
  await expect(offer).toBeHidden();
});

test('at phone width, the offer and Next bring in the ideas that arrived', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await accessToken(request, alice);
  const { brainstorm, region, rows } = await bobReviewing(page, request, token, 'Library mornings');

  const arrived = await addIdea(request, token, brainstorm, 'Breakfast book club');
  const offer = region.getByRole('button', { name: '1 new idea — show them' });
  await expect(offer).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expectNoAxeViolations(page);
  // On the last page, Next carries on into it.
  const next = region.getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(rows).toHaveCount(4);
  await expect(region.locator(`tr[data-idea-id="${arrived}"]`)).toHaveAttribute('data-active');
  await expect(next).toBeDisabled();

  // Another: the offer itself shows it, and the focus goes to the list's heading.
  const later = await addIdea(request, token, brainstorm, 'Storytime for grown-ups');
  await region.getByRole('button', { name: '1 new idea — show them' }).click();
  await expect(region.locator(`tr[data-idea-id="${later}"]`)).toBeVisible();
  await expect(region.getByRole('heading', { name: 'Ideas Review' })).toBeFocused();
  await expectNoAxeViolations(page);
});
