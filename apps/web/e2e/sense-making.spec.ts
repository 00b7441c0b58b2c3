import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  accessToken,
  chooseInForm,
  createBrainstormViaApi,
  createIdeas,
  expectNoAxeViolationsAtBothWidths,
  GROUPED_IDEAS,
  signInAt,
} from './helpers';
import { alice } from './users';

const PHONE = { width: 390, height: 844 };

/** How tall the page is, scrolled to its end. */
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test('themes: keyword themes are proposed, applied, renamed, an idea moved, and the ideas filtered by theme', async ({
  page,
  request,
}) => {
  const stamp = String(Date.now());
  const token = await accessToken(request, alice);
  const brainstorm = await createBrainstormViaApi(request, token, `Office perks ${stamp}`);
  await createIdeas(request, token, brainstorm, GROUPED_IDEAS);

  await signInAt(page, alice);
  await page.goto(`/brainstorms/${brainstorm}`);
  await page.getByRole('link', { name: 'Make sense' }).click();
  await expect(page).toHaveURL(new RegExp(`/brainstorms/${brainstorm}/themes$`));
  await expect(page.getByRole('heading', { name: 'Themes', exact: true })).toBeVisible();

  // The offline provider groups by shared words, without a model: the plan says so.
  await chooseInForm(page, 'Find themes', 'Provider', 'Offline sample ideas (no AI)');
  await expect(page.getByText('No model calls: grouped by shared words')).toBeVisible();
  await page.getByRole('button', { name: 'Find themes' }).click();

  const proposal = page.getByRole('region', { name: 'Proposed themes' });
  await expect(proposal).toBeVisible({ timeout: 60_000 });
  await expect(
    proposal.getByText('Grouped by shared words, without a language model.', { exact: false }),
  ).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  // Nothing changed yet: the proposal is applied on request.
  const board = page.getByRole('region', { name: 'Themes of the ideas' });
  await expect(board.getByText('No themes yet: find them above, or add one here.')).toBeVisible();
  await page.getByRole('button', { name: 'Apply these themes' }).click();
  await expect(page.getByRole('heading', { name: 'Themes of the ideas' })).toBeFocused();
  const themeCards = board
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  const coffee = themeCards.filter({ hasText: 'Coffee rota' });
  await expect(coffee).toBeVisible();

  // Rename the coffee theme; focus comes back to its Rename button.
  await coffee.getByRole('button', { name: /^Rename / }).click();
  const rename = page.getByRole('form', { name: /^Rename / });
  await rename.getByLabel('Name').fill('Coffee corner');
  await rename.getByRole('button', { name: 'Save' }).click();
  const renamed = themeCards.filter({ has: page.getByRole('heading', { name: /Coffee corner/ }) });
  await expect(renamed).toBeVisible();
  await expect(renamed.getByRole('button', { name: 'Rename Coffee corner' })).toBeFocused();

  // Move 'Bicycle racks' into it.
  await board.getByRole('combobox', { name: 'Theme of Bicycle racks' }).click();
  await page.getByRole('option', { name: 'Coffee corner', exact: true }).click();
  await expect(renamed.getByText('Bicycle racks', { exact: true })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  // On a phone each theme starts as its name and count; its Ideas button opens the rest.
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE);
  await page.reload();
  const opener = page.getByRole('button', { name: /^Ideas in / });
  // Every theme, the three proposed and the three applied, has one.
  await expect.poll(() => opener.count()).toBeGreaterThanOrEqual(6);
  for (const button of await opener.all()) {
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  }
  await expect(board.getByRole('combobox', { name: 'Theme of Bicycle racks' })).toBeHidden();
  const closed = await pageHeight(page);
  await expectNoAxeViolationsAtBothWidths(page);
  for (const button of await opener.all()) await button.click();
  await expect(board.getByRole('combobox', { name: 'Theme of Bicycle racks' })).toBeVisible();
  const open = await pageHeight(page);
  console.log(`Themes page at 390 px: ${String(closed)} px closed, ${String(open)} px open`);
  expect(closed).toBeLessThan(open * 0.75);
  if (desktop) await page.setViewportSize(desktop);

  // The brainstorm's ideas list shows only that theme's ideas once filtered.
  await page.goto(`/brainstorms/${brainstorm}`);
  const ideas = page.getByRole('region', { name: 'Ideas' });
  await ideas.getByRole('combobox', { name: 'Theme' }).click();
  await page.getByRole('option', { name: 'Coffee corner', exact: true }).click();
  await expect(page).toHaveURL(/theme=\d+/);
  await expect(ideas.getByRole('row', { name: /Bicycle racks/ }).first()).toBeVisible();
  await expect(ideas.getByRole('row', { name: /Bicycle repair kit/ })).toHaveCount(0);
  await expectNoAxeViolationsAtBothWidths(page);
});

test('themes: the themes given at creation start the board in one step', async ({
  page,
  request,
}) => {
  const stamp = String(Date.now());
  const token = await accessToken(request, alice);
  const brainstorm = await createBrainstormViaApi(request, token, `Canteen ${stamp}`, [
    'Coffee',
    'Lunch',
  ]);
  await createIdeas(request, token, brainstorm, GROUPED_IDEAS.slice(0, 3));

  await signInAt(page, alice);
  await page.goto(`/brainstorms/${brainstorm}/themes`);
  // The header lists the themes given at creation; the board says they are not its own yet.
  await expect(page.getByText('Coffee, Lunch', { exact: true })).toBeVisible();
  const board = page.getByRole('region', { name: 'Themes of the ideas' });
  await expect(board.getByText(/The ideas are not sorted into themes yet/)).toBeVisible();
  await expect(board.getByText(/No themes yet/)).toHaveCount(0);
  await expectNoAxeViolationsAtBothWidths(page);

  await board.getByRole('button', { name: 'Start with the themes you gave (2)' }).click();
  await expect(page.getByRole('heading', { name: 'Themes of the ideas' })).toBeFocused();
  const themeCards = board
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(themeCards).toHaveCount(2);
  await expect(themeCards.first()).toContainText('Coffee');
  await expect(themeCards.last()).toContainText('Lunch');
  await expect(board.getByRole('button', { name: /^Start with/ })).toHaveCount(0);
  await expect(board.getByRole('heading', { name: 'Unsorted (3)' })).toBeVisible();
});

test('with a model: the ideas assessed on the matrix, the top ideas ranked, and two combined', async ({
  page,
  request,
}) => {
  const stamp = String(Date.now());
  const token = await accessToken(request, alice);
  const brainstorm = await createBrainstormViaApi(request, token, `Office perks ${stamp}`);
  await createIdeas(request, token, brainstorm, GROUPED_IDEAS);
  await signInAt(page, alice);

  // The matrix: the model's scores, apart from the votes, with its name.
  await page.goto(`/brainstorms/${brainstorm}/matrix`);
  const assess = page.getByRole('form', { name: 'Assess ideas' });
  await expect(assess.getByRole('combobox', { name: 'Provider' })).toHaveText('Ollama');
  await expect(page.getByText(/^Up to 1 call, at most [\d,]+ tokens$/)).toBeVisible();
  await page.getByRole('button', { name: 'Assess ideas' }).click();
  await expect(page.getByText("Model's view: repeating-model")).toBeVisible({ timeout: 60_000 });
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(GROUPED_IDEAS.length + 1);
  await expect(page.locator('.recharts-scatter-symbol').first()).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Where the model and the team disagree' }),
  ).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  // A point of the chart opens its idea, with the model's view kept apart from the votes.
  await page.locator('.recharts-scatter-symbol').first().click();
  await expect(page).toHaveURL(new RegExp(`/brainstorms/${brainstorm}/ideas/\\d+$`));
  await expect(page.getByRole('heading', { name: "Model's view: repeating-model" })).toBeVisible();
  await expect(page.getByText(/^Team votes: \d+$/)).toBeVisible();

  // The ranking: its bound before it starts, then the ideas by rating with the votes beside.
  await page.goto(`/brainstorms/${brainstorm}/ranking`);
  await page.getByLabel('Ideas to rank').fill('5');
  await expect(
    page.getByText(/^Up to \d+ calls in \d+ rounds, at most [\d,]+ tokens$/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Rank the top ideas' }).click();
  await expect(page.getByText(/^Agreement with team votes: /)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(6);
  await page.getByRole('button', { name: "The model's comparisons" }).click();
  await expect(page.getByText('It does more for less.').first()).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  // On a phone an idea is one line, its wins–losses and votes under Details.
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE);
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  // Rank, title, rating and Details; wins–losses and votes (the 4th and 5th cells) are folded.
  await expect(firstRow.locator('td').nth(3)).toBeHidden();
  await expect(firstRow.locator('td').nth(4)).toBeHidden();
  await expect(firstRow.getByRole('cell')).toHaveCount(4);
  const rowHeight = await firstRow.evaluate((row) => row.getBoundingClientRect().height);
  expect(rowHeight).toBeLessThanOrEqual(48);
  const details = firstRow.getByRole('button', { name: /^Details of / });
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('definition').filter({ hasText: /^\d+–\d+$/ })).toBeVisible();
  console.log(`Ranking row at 390 px: ${String(rowHeight)} px`);
  await expectNoAxeViolationsAtBothWidths(page);
  if (desktop) await page.setViewportSize(desktop);

  // The shortlist handed on: downloaded as CSV, and copied as a Markdown table.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download shortlist (CSV)' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^shortlist-\d+\.csv$/);
  const downloaded = await readFile(await csv.path(), 'utf8');
  expect(downloaded.split('\r\n')[0]).toBe('\uFEFFRank,Title,Summary,Rating,Votes,Theme,Link');
  expect(downloaded.split('\r\n').filter(Boolean)).toHaveLength(6);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect(page.getByText('Copied: paste it into a tracker or a chat.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`## Shortlist: [Office perks ${stamp}]`);
  expect(copied).toContain('| Rank | Idea | Summary | Rating | Votes | Theme |');

  // Combine two ideas: the new one links to its sources, which stay as they were.
  await page.goto(`/brainstorms/${brainstorm}`);
  await page.getByRole('button', { name: 'Combine ideas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Combine ideas' });
  await dialog.getByLabel('Search ideas').fill('coffee');
  await dialog.getByLabel('Coffee rota').check();
  await dialog.getByLabel('Free coffee beans').check();
  await expect(dialog.getByText(/^Up to 1 call, at most [\d,]+ tokens$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Combine', exact: true }).click();
  const combined = dialog.getByRole('link', { name: 'Coffee and bicycles' });
  await expect(combined).toBeVisible({ timeout: 60_000 });
  await expect(
    dialog.getByText(
      'The ideas it merges stay as they were; deleting the combined idea is the undo.',
    ),
  ).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await combined.click();
  await expect(page.getByRole('heading', { name: 'Coffee and bicycles' })).toBeVisible();
  await expect(page.getByText('Combined from: “Coffee rota”, “Free coffee beans”')).toBeVisible();
});
