import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import {
  accessToken,
  bearer,
  createBrainstormViaApi,
  expectNoAxeViolations,
  expectNoAxeViolationsAtBothWidths,
  generateOfflineIdeas,
  sidewaysScrollers,
  signInAt,
} from './helpers';
import { alice, bob } from './users';

async function annotate(request: APIRequestContext, token: string, idea: number, data: object) {
  const response = await request.post(`/api/ideas/${idea}/annotate/`, {
    headers: bearer(token),
    data,
  });
  expect(response.ok()).toBe(true);
}

/**
 * A brainstorm of five offline ideas (the fewest a model's private counts are shown over): one
 * up-voted by Alice, one hidden and one down-voted by Bob.
 */
async function reviewedBrainstorm(request: APIRequestContext) {
  const token = await accessToken(request, alice);
  const id = await createBrainstormViaApi(request, token, `Worse meetings ${Date.now()}`);
  await generateOfflineIdeas(request, token, id, 5);
  const listed = await request.get(`/api/ideas/?brainstorm=${id}&include_duplicates=true`, {
    headers: bearer(token),
  });
  const ideas = ((await listed.json()) as { results: { id: number }[] }).results.map((i) => i.id);
  const [kept = 0, hidden = 0, downVoted = 0] = ideas;
  const bobToken = await accessToken(request, bob);
  await annotate(request, token, kept, { vote: 1 });
  await annotate(request, bobToken, hidden, { is_hidden: true });
  await annotate(request, bobToken, downVoted, { vote: -1 });
  return id;
}

/** The cells of the table's row for a model, by their column headers. */
async function rowFigures(table: Locator, model: string) {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const row = table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name: model }) });
  const cells = await row.first().getByRole('cell').allInnerTexts();
  return Object.fromEntries(headers.map((header, i) => [header.trim(), cells[i]?.trim()]));
}

test('model insights: a brainstorm’s figures per model, sorted, filtered and downloaded', async ({
  page,
  request,
}) => {
  const brainstorm = await reviewedBrainstorm(request);
  await signInAt(page, alice);
  await page.goto(`/brainstorms/${brainstorm}`);
  await page.getByRole('link', { name: 'Model insights' }).click();
  await expect(page).toHaveURL(new RegExp(`/insights\\?brainstorm=${brainstorm}$`));
  await expect(page.getByRole('heading', { name: 'Model insights', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Insights · Ideaforge');

  const table = page.getByRole('table', { name: 'Model insights' });
  await expect(table.getByRole('cell', { name: 'sample-ideas' })).toBeVisible();
  expect(await rowFigures(table, 'sample-ideas')).toMatchObject({
    Provider: 'Offline sample ideas (no AI)',
    Technique: 'Bad Idea Contest',
    Ideas: '5',
    Kept: '1',
    Hidden: '1',
    'Down-voted': '1',
    Failed: '0',
    Cost: '$0.00',
  });
  await expect(page.getByRole('button', { name: /^Remove the brainstorm filter/ })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  const ideasHeader = table.getByRole('columnheader', { name: /^Ideas/ });
  await ideasHeader.getByRole('button').click();
  await expect(ideasHeader).toHaveAttribute('aria-sort', 'descending');
  await ideasHeader.getByRole('button').click();
  await expect(ideasHeader).toHaveAttribute('aria-sort', 'ascending');

  const downloading = page.waitForEvent('download');
  const answered = page.waitForResponse((r) => r.url().includes('/api/insights/models/export/'));
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const response = await answered;
  expect(response.url()).toContain(`brainstorm=${brainstorm}`);
  expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('ideaforge-model-insights.csv');
  const lines = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(lines[0]).toMatch(/^provider,provider_name,model,technique,technique_display,ideas,kept,/);
  expect(lines.slice(1)).toEqual([
    expect.stringMatching(
      /^offline,Offline sample ideas \(no AI\),sample-ideas,bad_idea_contest,Bad Idea Contest,5,1,1,1,\d,0,0,0,0,/,
    ),
  ]);

  await page.getByRole('button', { name: /^Remove the brainstorm filter/ }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(table.getByRole('cell', { name: 'sample-ideas' }).first()).toBeVisible();
  await page.getByText('Prices', { exact: true }).click();
  await expect(page.getByText('offline:*', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the table scrolls sideways inside its box, never the page', async ({ page, request }) => {
    const brainstorm = await reviewedBrainstorm(request);
    await signInAt(page, alice);
    await page.goto(`/insights?brainstorm=${brainstorm}`);
    const table = page.getByRole('table', { name: 'Model insights' });
    await expect(table.getByRole('cell', { name: 'sample-ideas' })).toBeVisible();
    expect(await sidewaysScrollers(page)).toEqual(['table-container']);
    await expectNoAxeViolations(page);
  });
});
