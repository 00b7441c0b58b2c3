import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { accessToken, expectNoAxeViolations, sidewaysScrollers, signInAt } from './helpers';
import { alice, bob, type TestUser } from './users';

async function post(request: APIRequestContext, token: string, path: string, data: object) {
  const response = await request.post(path, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as { id: number };
}

async function savedIdeaIds(request: APIRequestContext, token: string) {
  const response = await request.get(
    '/api/ideas/reviewed/?user_filter=current&is_bookmarked=true&include_duplicates=true&page_size=100',
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(response.ok()).toBe(true);
  const { results } = (await response.json()) as { results: { id: number }[] };
  return results.map((idea) => idea.id);
}

/** Takes off every bookmark the user has, so the page shows only what the test saves. */
async function clearBookmarks(request: APIRequestContext, user: TestUser) {
  const token = await accessToken(request, user);
  for (const id of await savedIdeaIds(request, token)) {
    await post(request, token, `/api/ideas/${id}/annotate/`, { is_bookmarked: false });
  }
}

/** A brainstorm of Alice's with three ideas written through the API, two of them bookmarked. */
/** The saved ideas' summaries; the first has a comma, for the CSV. */
const SUMMARIES = {
  first: 'Balance keeps the meeting short, and everyone awake',
  second: 'Seventeen syllables per update',
};

async function twoSavedIdeas(request: APIRequestContext) {
  await clearBookmarks(request, alice);
  const token = await accessToken(request, alice);
  const stamp = String(Date.now());
  const title = `Shorter stand-ups ${stamp}`;
  const brainstorm = await post(request, token, '/api/brainstorms/', {
    title,
    description: '',
    type: 'bad_idea_contest',
    parameters: { problem: title, themes: [], type: 'bad_idea_contest' },
  });
  const write = (name: string, summary: string) =>
    post(request, token, '/api/ideas/', {
      brainstorm: brainstorm.id,
      title: `${name} ${stamp}`,
      summary,
    });
  const first = await write('Stand on one leg', SUMMARIES.first);
  const second = await write('Speak in haiku', SUMMARIES.second);
  await write('Never saved', 'Nobody keeps this one');
  // A bookmark is a choice of that very idea: one stacked under another still counts as saved.
  await post(request, token, `/api/ideas/${second.id}/mark-duplicate/`, { of: first.id });
  for (const idea of [first, second]) {
    await post(request, token, `/api/ideas/${idea.id}/annotate/`, { is_bookmarked: true });
  }
  return { brainstorm: { id: brainstorm.id, title }, ideas: [first.id, second.id], stamp };
}

test('the saved page lists my bookmarks, exports them, and unsaves one after confirming', async ({
  page,
  request,
}) => {
  const { brainstorm, ideas, stamp } = await twoSavedIdeas(request);
  await signInAt(page, alice);
  await page.goto('/saved');

  await expect(page.getByRole('heading', { name: 'Saved Ideas', level: 1 })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: stamp });
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('row').filter({ hasText: 'Never saved' })).toHaveCount(0);
  // Newest first.
  await expect(rows.first()).toContainText(`Speak in haiku ${stamp}`);
  await expect(rows.first()).toContainText(SUMMARIES.second);
  await expect(rows.first()).toContainText(brainstorm.title);
  await expect(rows.first().getByRole('link', { name: /^View/ })).toHaveAttribute(
    'href',
    `/brainstorms/${brainstorm.id}`,
  );
  await expect(page.getByText('Showing 2 saved ideas out of 2 total (Page 1 of 1)')).toBeVisible();
  await expect(page.getByText('1 / 1')).toBeVisible();
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('saved-ideas.csv');
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n').filter((line) => line !== '');
  expect(lines[0]).toMatch(/^id,brainstorm,title,summary,/);
  expect(
    lines
      .slice(1)
      .map((line) => Number(line.split(',')[0]))
      .sort((a, b) => a - b),
  ).toEqual([...ideas].sort((a, b) => a - b));
  expect(lines.some((line) => line.includes(`"${SUMMARIES.first}"`))).toBe(true);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();

  const first = rows.filter({ hasText: `Stand on one leg ${stamp}` });
  await first.getByRole('button', { name: /^Unsave/ }).click();
  await expect(first.getByRole('button', { name: 'Confirm' })).toBeVisible();
  await expectNoAxeViolations(page);
  await first.getByRole('button', { name: 'Cancel' }).click();
  await expect(first.getByRole('button', { name: /^Unsave/ })).toBeFocused();
  await expect(rows).toHaveCount(2);

  await first.getByRole('button', { name: /^Unsave/ }).click();
  await first.getByRole('button', { name: 'Confirm' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Speak in haiku ${stamp}`);
  await expect(page.getByText('Showing 1 saved ideas out of 1 total (Page 1 of 1)')).toBeVisible();
  expect(await savedIdeaIds(request, await accessToken(request, alice))).toEqual([ideas[1]]);

  await rows.first().getByRole('link', { name: /^View/ }).click();
  await expect(page).toHaveURL(new RegExp(`/brainstorms/${brainstorm.id}/?$`));
});

test("a teammate sees none of my bookmarks: 'No saved ideas yet'", async ({ page, request }) => {
  const { stamp } = await twoSavedIdeas(request);
  await clearBookmarks(request, bob);
  await signInAt(page, bob);
  await page.goto('/saved');
  await expect(page.getByText('No saved ideas yet')).toBeVisible();
  await expect(
    page.getByText('Bookmark ideas from your brainstorms to save them for later.'),
  ).toBeVisible();
  await expect(page.getByText(stamp)).toHaveCount(0);
  await expect(page.getByText('Showing 0 saved ideas out of 0 total (Page 1 of 1)')).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each saved idea is a card with its actions, and nothing scrolls sideways', async ({
    page,
    request,
  }) => {
    const { stamp } = await twoSavedIdeas(request);
    await signInAt(page, alice);
    await page.goto('/saved');
    const card = page.getByRole('row').filter({ hasText: `Speak in haiku ${stamp}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Brainstorm');
    const title = await card.getByRole('cell').first().boundingBox();
    const summary = await card
      .getByRole('cell')
      .filter({ hasText: SUMMARIES.second })
      .boundingBox();
    expect(title && summary && summary.y >= title.y + title.height).toBe(true);
    const unsave = card.getByRole('button', { name: /^Unsave/ });
    await unsave.scrollIntoViewIfNeeded();
    await expect(unsave).toBeInViewport({ ratio: 1 });
    expect(await sidewaysScrollers(page)).toEqual([]);
    await expectNoAxeViolations(page);
    await unsave.click();
    await expect(card.getByRole('button', { name: 'Confirm' })).toBeInViewport({ ratio: 1 });
    expect(await sidewaysScrollers(page)).toEqual([]);
    await expectNoAxeViolations(page);
  });
});
