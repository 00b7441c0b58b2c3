import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  accessToken,
  DISTINCT_IDEAS,
  distinctIdeaRow,
  expectNoAxeViolations,
  sidewaysScrollers,
  signInAt,
} from './helpers';
import { alice, bob } from './users';

const IDEAS = 12;
const [FIRST] = DISTINCT_IDEAS;
const LAST = DISTINCT_IDEAS[IDEAS - 1] ?? FIRST;

async function post(request: APIRequestContext, token: string, path: string, data: object) {
  const response = await request.post(path, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as { id: number };
}

/** A brainstorm with `count` ideas written through the API, the first voted on by both users. */
async function brainstormWithIdeas(request: APIRequestContext, count = IDEAS) {
  const token = await accessToken(request, alice);
  const problem = `How might we make stand-ups shorter? ${Date.now()}`;
  const brainstorm = await post(request, token, '/api/brainstorms/', {
    title: problem,
    description: '',
    type: 'bad_idea_contest',
    parameters: { problem, themes: [], type: 'bad_idea_contest' },
  });
  const ideas: number[] = [];
  for (const { title, summary } of DISTINCT_IDEAS.slice(0, count)) {
    const idea = await post(request, token, '/api/ideas/', {
      brainstorm: brainstorm.id,
      title,
      summary,
      description: `Why ${title.toLowerCase()} might work`,
    });
    ideas.push(idea.id);
  }
  const [first] = ideas;
  if (first === undefined) throw new Error('no ideas were created');
  await post(request, token, `/api/ideas/${first}/annotate/`, { vote: -1 });
  await post(request, await accessToken(request, bob), `/api/ideas/${first}/annotate/`, {
    vote: 1,
  });
  return brainstorm.id;
}

test('the brainstorm page lists its ideas page by page and exports them as CSV and JSON', async ({
  page,
  request,
}) => {
  const id = await brainstormWithIdeas(request);
  await signInAt(page, alice);
  await page.goto(`/brainstorms/${id}/`);

  const ideas = page.getByRole('region', { name: 'Ideas' });
  const rows = ideas.getByRole('row').filter({ hasText: distinctIdeaRow(IDEAS) });
  await expect(rows).toHaveCount(10);
  // Newest first: the last idea written heads the first page.
  await expect(rows.first()).toContainText(LAST.title);
  await expect(
    ideas.getByText('Showing 10 filtered ideas (12 matching) out of 12 total ideas (Page 1 of 2)'),
  ).toBeVisible();
  await expect(ideas.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expectNoAxeViolations(page);

  await ideas.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/brainstorms/${id}/?\\?page=2$`));
  await expect(
    ideas.getByText('Showing 2 filtered ideas (12 matching) out of 12 total ideas (Page 2 of 2)'),
  ).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(ideas.getByRole('button', { name: 'Next' })).toBeDisabled();
  // Alice voted -1 and Bob +1: her vote shows, with the team's sum beside it.
  await expect(rows.filter({ hasText: FIRST.title })).toContainText('You: -1 · Team: 0');

  await ideas.getByRole('combobox', { name: 'Page size' }).click();
  await page.getByRole('option', { name: '25' }).click();
  await expect(page).toHaveURL(new RegExp(`/brainstorms/${id}/?\\?page_size=25$`));
  await expect(
    ideas.getByText('Showing 12 filtered ideas (12 matching) out of 12 total ideas (Page 1 of 1)'),
  ).toBeVisible();
  await expect(rows).toHaveCount(12);

  const downloading = page.waitForEvent('download');
  await ideas.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`brainstorm-${id}-ideas.csv`);
  const path = await download.path();
  const csv = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n').filter((line) => line !== '');
  expect(lines[0]).toMatch(/^id,brainstorm,title,summary,description,votes,/);
  expect(lines[0]).toMatch(/,brainstorm title,comment texts,duplicate_of,theme$/);
  expect(lines.slice(1)).toHaveLength(IDEAS);
  expect(lines.filter((line) => line.includes(`"${FIRST.summary}"`))).toHaveLength(1);
  await expect(ideas.getByRole('button', { name: 'Export CSV' })).toBeEnabled();

  // The same ideas as JSON, each with Alice's annotation where she has one.
  const downloadingJson = page.waitForEvent('download');
  await ideas.getByRole('button', { name: 'Export JSON' }).click();
  const json = await downloadingJson;
  expect(json.suggestedFilename()).toBe(`brainstorm-${id}-ideas.json`);
  const exported = JSON.parse(await readFile(await json.path(), 'utf8')) as {
    title: string;
    user_annotation: { vote: number } | null;
  }[];
  expect(exported).toHaveLength(IDEAS);
  expect(exported.find((idea) => idea.title === FIRST.title)?.user_annotation?.vote).toBe(-1);
  await expect(ideas.getByRole('button', { name: 'Export JSON' })).toBeEnabled();
  await expectNoAxeViolations(page);
});

test('an idea is added by hand, edited and deleted; a teammate may not change it', async ({
  page,
  browser,
  request,
}) => {
  const id = await brainstormWithIdeas(request, 1);
  await signInAt(page, alice);
  await page.goto(`/brainstorms/${id}/`);
  const ideas = page.getByRole('region', { name: 'Ideas' });
  await expect(ideas.getByRole('cell', { name: FIRST.title, exact: true })).toBeVisible();

  await ideas.getByRole('button', { name: 'Add Idea' }).click();
  const form = ideas.getByRole('form', { name: 'Add an idea' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByLabel('Title *').fill('Sit-down stand-ups');
  await form.getByLabel('Summary').fill('Chairs for everyone');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(ideas.getByRole('cell', { name: 'Sit-down stand-ups', exact: true })).toBeVisible();
  await expect(ideas.getByText('out of 2 total ideas')).toBeVisible();

  await ideas.getByRole('button', { name: 'Edit Sit-down stand-ups' }).click();
  const edit = ideas.getByRole('form', { name: 'Edit idea' });
  await expect(edit.getByLabel('Title *')).toHaveValue('Sit-down stand-ups');
  await edit.getByLabel('Title *').fill('Lie-down stand-ups');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(ideas.getByRole('cell', { name: 'Lie-down stand-ups', exact: true })).toBeVisible();
  await expect(ideas.getByRole('button', { name: 'Edit Lie-down stand-ups' })).toBeFocused();

  // Bob reads it, but neither Edit nor Delete is offered to him, and the API refuses him.
  const teammate = await browser.newContext();
  try {
    const other = await teammate.newPage();
    await signInAt(other, bob);
    await other.goto(`/brainstorms/${id}/`);
    const theirs = other.getByRole('region', { name: 'Ideas' });
    await expect(
      theirs.getByRole('cell', { name: 'Lie-down stand-ups', exact: true }),
    ).toBeVisible();
    await expect(theirs.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  } finally {
    await teammate.close();
  }

  await ideas.getByRole('button', { name: 'Delete Lie-down stand-ups' }).click();
  const confirm = ideas.getByRole('group', { name: 'Delete Lie-down stand-ups?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(ideas.getByRole('cell', { name: 'Lie-down stand-ups', exact: true })).toBeHidden();
  await expect(ideas.getByText('out of 1 total ideas')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each idea is a card headed by its title, and nothing scrolls sideways', async ({
    page,
    request,
  }) => {
    const id = await brainstormWithIdeas(request, 2);
    await signInAt(page, alice);
    await page.goto(`/brainstorms/${id}/`);
    const ideas = page.getByRole('region', { name: 'Ideas' });
    const card = ideas.getByRole('row').filter({ hasText: FIRST.title });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Votes');
    await expect(card).toContainText('You: -1 · Team: 0');
    // A card, not a squeezed row: the title heads it and the fields follow underneath.
    const title = await card.getByRole('cell').first().boundingBox();
    const votes = await card.getByRole('cell').filter({ hasText: 'You:' }).boundingBox();
    expect(title && votes && votes.y >= title.y + title.height).toBe(true);
    await expect(card.getByRole('cell').first()).toHaveText(FIRST.title);
    const next = ideas.getByRole('button', { name: 'Next' });
    await next.scrollIntoViewIfNeeded();
    await expect(next).toBeInViewport({ ratio: 1 });
    // The form for an idea written by hand, and each card's Edit and Delete, fit too.
    await expect(card.getByRole('button', { name: `Edit ${FIRST.title}` })).toBeVisible();
    await ideas.getByRole('button', { name: 'Add Idea' }).click();
    await expect(ideas.getByRole('form', { name: 'Add an idea' })).toBeVisible();
    expect(await sidewaysScrollers(page)).toEqual([]);
    await expectNoAxeViolations(page);
  });
});
