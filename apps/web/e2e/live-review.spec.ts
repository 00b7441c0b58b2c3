import { expect, test, type Page } from '@playwright/test';
import {
  accessToken,
  bearer,
  createBrainstormViaApi,
  expectNoAxeViolations,
  signInAt,
} from './helpers';
import { alice, bob } from './users';

const ideaRow = (page: Page, id: number) => page.locator(`tr[data-idea-id="${id}"]`);

test("Bob sees Alice's vote and comment, and her new idea offered, without reloading", async ({
  page,
  browser,
  request,
}) => {
  const stamp = String(Date.now());
  const token = await accessToken(request, alice);
  const brainstorm = await createBrainstormViaApi(request, token, `Louder libraries ${stamp}`);
  const created = await request.post('/api/ideas/', {
    headers: bearer(token),
    data: { brainstorm, title: `Drum circles ${stamp}`, summary: 'Weekly, in the reading room' },
  });
  expect(created.status()).toBe(201);
  const idea = ((await created.json()) as { id: number }).id;

  const teammate = await browser.newContext();
  try {
    // Bob has the review page open first; Alice joins it.
    const other = await teammate.newPage();
    await signInAt(other, bob);
    await other.goto(`/brainstorms/${brainstorm}/review`);
    const his = ideaRow(other, idea);
    await expect(his.getByRole('button', { name: 'Comment (0)' })).toBeVisible();

    await signInAt(page, alice);
    await page.goto(`/brainstorms/${brainstorm}/review`);
    await expect(page.getByText('Bob Builder reviewing')).toBeVisible();
    await expect(other.getByText('Alice Example reviewing')).toBeVisible();

    // Alice votes and comments; Bob's row shows the team's totals in place.
    const hers = ideaRow(page, idea);
    await hers.getByRole('button', { name: 'Vote Up' }).click();
    await hers.getByRole('button', { name: 'Comment (0)' }).click();
    const form = page.getByRole('form', { name: `Comment on Drum circles ${stamp}` });
    await form.getByLabel('Your comment').fill('Bring earplugs');
    await form.getByRole('button', { name: 'Submit' }).click();

    await expect(his.getByText('Votes:', { exact: true }).locator('xpath=..')).toHaveText(
      'Votes: 1',
    );
    await expect(his.getByRole('button', { name: 'Comment (1)' })).toBeVisible();
    await expect(his.getByRole('button', { name: 'Vote Up' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    // Her bookmark and hidden flag are hers: Bob's row stays as it was, and nothing else moves.
    await hers.getByRole('button', { name: 'Bookmark for private future reference' }).click();
    await expect(
      hers.getByRole('button', { name: 'Bookmark for private future reference' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await hers.getByRole('button', { name: 'Hide idea' }).click();
    await expect(his).toBeVisible();
    await expect(
      his.getByRole('button', { name: 'Bookmark for private future reference' }),
    ).toHaveAttribute('aria-pressed', 'false');
    await expect(his.getByRole('button', { name: 'Hide idea' })).toBeVisible();
    await expectNoAxeViolations(other);

    // A new idea is offered to Bob, not put under his pointer, until he asks for it.
    const another = await request.post('/api/ideas/', {
      headers: bearer(token),
      data: { brainstorm, title: `Brass bands ${stamp}`, summary: 'At closing time, daily' },
    });
    expect(another.status()).toBe(201);
    const region = other.getByRole('region', { name: 'Ideas Review' });
    await expect(region.getByRole('button', { name: '1 new idea — show them' })).toBeVisible();
    await expect(region.getByText(`Brass bands ${stamp}`)).toHaveCount(0);
    await region.getByRole('button', { name: '1 new idea — show them' }).click();
    await expect(region.getByText(`Brass bands ${stamp}`)).toBeVisible();

    // At phone width the presence line and the offer fit and read as well.
    await other.setViewportSize({ width: 390, height: 844 });
    await expect(other.getByText('Alice Example reviewing')).toBeVisible();
    await expectNoAxeViolations(other);
  } finally {
    await teammate.close();
  }
});
