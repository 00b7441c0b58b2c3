import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  accessToken,
  bearer,
  chooseInGenerationForm,
  createBrainstormViaApi,
  expectNoAxeViolations,
  sidewaysScrollers,
  signInAt,
} from './helpers';
import { alice, bob } from './users';

/**
 * Ideas of the brainstorm made through the API, each titled `name`; their ids. Titles share no
 * stamp: ideas that share most of their words would be stacked as near-duplicates.
 */
async function createIdeas(
  request: APIRequestContext,
  token: string,
  brainstormId: number,
  names: string[],
) {
  const ids: number[] = [];
  for (const name of names) {
    const created = await request.post('/api/ideas/', {
      headers: bearer(token),
      data: { brainstorm: brainstormId, title: name, summary: `Summary of ${name}` },
    });
    expect(created.status()).toBe(201);
    ids.push(((await created.json()) as { id: number }).id);
  }
  return ids;
}

async function vote(request: APIRequestContext, token: string, ideaId: number, value: 1 | -1) {
  const voted = await request.post(`/api/ideas/${ideaId}/annotate/`, {
    headers: bearer(token),
    data: { vote: value },
  });
  expect(voted.ok()).toBe(true);
}

async function createBrainstorm(request: APIRequestContext) {
  const token = await accessToken(request, alice);
  const problem = `How might we make meetings longer? ${Date.now()}`;
  return createBrainstormViaApi(request, token, problem, ['agenda']);
}

test('ideas generated on the review page are voted, reacted to, bookmarked, hidden and commented on', async ({
  page,
  request,
}) => {
  // A generation awaited (up to 20 s) and some forty steps with three axe scans: 29 s on a
  // quiet machine and over 30 s beside other test runs, so a minute leaves a margin.
  test.setTimeout(60_000);
  const id = await createBrainstorm(request);
  await signInAt(page, alice);
  await page.goto(`/brainstorms/${id}/review`);

  const review = page.getByRole('region', { name: 'Ideas Review' });
  const counter = (text: string) => page.getByText(`# Ideas to Review: ${text}`, { exact: true });
  await expect(review.getByText('No ideas found for this brainstorm.')).toBeVisible();
  await expect(counter('0 / 0')).toBeVisible();
  await expectNoAxeViolations(page);

  // The first provider is unreachable in these journeys: the offline one is chosen.
  const form = page.getByRole('form', { name: 'Generate ideas' });
  await chooseInGenerationForm(page, 'Provider', 'Offline sample ideas (no AI)');
  await form.getByLabel('# ideas:').fill('5');
  await form.getByRole('button', { name: 'Generate New Ideas' }).click();
  await expect(page.getByText('Finished: 5 ideas stored.')).toBeVisible({ timeout: 20_000 });

  // The ideas' rows, not the comment row under one.
  const rows = review.locator('tr[data-idea-id]');
  await expect(rows).toHaveCount(5);
  await expect(counter('5 / 5')).toBeVisible();
  await expect(
    review.getByText('Showing 5 filtered ideas (5 matching) out of 5 total ideas (Page 1 of 1)'),
  ).toBeVisible();
  const titles = await rows.locator('td:first-child').allTextContents();
  const row = (n: number) =>
    rows.filter({ has: page.getByRole('cell', { name: titles[n], exact: true }) });

  await row(0).getByRole('button', { name: 'Vote Up' }).click();
  await expect(row(0).getByRole('button', { name: 'Remove Vote' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(row(0)).toHaveAttribute('data-recent', 'true');
  await expect(counter('4 / 5')).toBeVisible();

  await row(1).getByRole('button', { name: 'Laugh (0)' }).click();
  await expect(row(1).getByRole('button', { name: 'Laugh (1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(counter('3 / 5')).toBeVisible();

  const bookmark = row(2).getByRole('button', { name: 'Bookmark for private future reference' });
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  await expect(counter('2 / 5')).toBeVisible();

  await row(3).getByRole('button', { name: 'Hide idea' }).click();
  await expect(row(3).getByRole('button', { name: 'Show idea' })).toBeVisible();
  await expect(counter('1 / 5')).toBeVisible();

  await row(4).getByRole('button', { name: 'Comment (0)' }).click();
  const commentForm = page.getByRole('form', { name: `Comment on ${titles[4] ?? ''}` });
  await expect(commentForm.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await commentForm.getByLabel('Your comment').fill('Make every meeting a workshop');
  await commentForm.getByRole('button', { name: 'Submit' }).click();
  await expect(commentForm).toBeHidden();
  await expect(row(4).getByRole('button', { name: 'Comment (1)' })).toBeVisible();
  await expect(counter('0 / 5')).toBeVisible();

  // Reviewed, yet still listed for their minute.
  await expect(rows).toHaveCount(5);
  await row(4).getByRole('button', { name: 'Comment (1)' }).click();
  await expect(page.getByRole('list', { name: 'Team comments' })).toContainText(
    'Make every meeting a workshop',
  );
  await expectNoAxeViolations(page);
  expect(await sidewaysScrollers(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('list', { name: 'Team comments' })).toBeHidden();

  // The reviewed list: the hidden idea only with Show Hidden.
  await page.getByRole('checkbox', { name: 'Show Already Reviewed' }).check();
  await expect(rows).toHaveCount(4);
  await expect(review.getByRole('cell', { name: titles[3], exact: true })).toBeHidden();
  await page.getByRole('checkbox', { name: 'Show Hidden' }).check();
  await expect(rows).toHaveCount(5);
  await expect(row(3).getByRole('button', { name: 'Show idea' })).toBeVisible();
  await expect(row(0).getByRole('button', { name: 'Remove Vote' })).toBeVisible();
  await expect(page).toHaveURL(/show_reviewed=true/);
  await expectNoAxeViolations(page);

  // The keys, even from the checkbox just ticked: k moves up from the idea last commented on,
  // j back down; ? lists every key.
  await expect(row(4)).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('k');
  await expect(row(3)).toHaveAttribute('data-active', 'true');
  await expect(row(4)).not.toHaveAttribute('data-active', 'true');
  await page.keyboard.press('j');
  await expect(row(4)).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Pin for group')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // On a phone each idea is a card: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows).toHaveCount(5);
  expect(await sidewaysScrollers(page)).toEqual([]);
  await expectNoAxeViolations(page);
});

test("each idea's votes show beside its vote buttons, changed at once by a vote", async ({
  page,
  request,
}) => {
  const token = await accessToken(request, alice);
  const title = `Longer queues ${Date.now()}`;
  const id = await createBrainstormViaApi(request, token, title);
  const [first = 0, second = 0] = await createIdeas(request, token, id, [
    'One till open',
    'Queue for the queue',
    'Tickets by post',
  ]);
  // Bob's votes are the team's before Alice has reviewed anything.
  const bobToken = await accessToken(request, bob);
  await vote(request, bobToken, first, 1);
  await vote(request, bobToken, second, -1);

  await signInAt(page, alice);
  await page.goto(`/brainstorms/${id}/review`);
  const rows = page.getByRole('region', { name: 'Ideas Review' }).locator('tr[data-idea-id]');
  const row = (ideaId: number) => rows.and(page.locator(`[data-idea-id="${ideaId}"]`));
  // 'Votes: ' is for screen readers; the eye sees what follows beside the buttons.
  const votes = (ideaId: number) =>
    row(ideaId).getByText('Votes:', { exact: true }).locator('xpath=..');
  await expect(rows).toHaveCount(3);
  await expect(votes(first)).toHaveText('Votes: 1');
  await expect(votes(second)).toHaveText('Votes: -1');
  await expect(rows.getByText('Votes: 0', { exact: true })).toHaveCount(1);

  await row(first).getByRole('button', { name: 'Vote Up' }).click();
  await expect(votes(first)).toHaveText('Votes: You: +1 · Team: 2');
  await row(second).getByRole('button', { name: 'Vote Up' }).click();
  await expect(votes(second)).toHaveText('Votes: You: +1 · Team: 0');
  await expectNoAxeViolations(page);

  // What the server counted is what was shown.
  await page.reload();
  await page.getByRole('checkbox', { name: 'Show Already Reviewed' }).check();
  await expect(rows).toHaveCount(2);
  await expect(votes(first)).toHaveText('Votes: You: +1 · Team: 2');
  await expect(votes(second)).toHaveText('Votes: You: +1 · Team: 0');

  // On a phone's card, beside the buttons too.
  await page.setViewportSize({ width: 390, height: 844 });
  await row(second).getByRole('button', { name: 'Remove Vote' }).click();
  await expect(votes(second)).toHaveText('Votes: You: 0 · Team: -1');
  await expect(votes(second)).toBeInViewport();
  expect(await sidewaysScrollers(page)).toEqual([]);
  await expectNoAxeViolations(page);
});

test('with every idea reviewed the page says so, and what the keys last said is gone', async ({
  page,
  request,
}) => {
  const token = await accessToken(request, alice);
  const title = `Slower lifts ${Date.now()}`;
  const id = await createBrainstormViaApi(request, token, title);
  const ideas = ['Stop at every floor', 'Lift music at full volume'];
  for (const ideaId of await createIdeas(request, token, id, ideas)) {
    await vote(request, token, ideaId, 1);
  }

  await signInAt(page, alice);
  await page.goto(`/brainstorms/${id}/review?show_reviewed=true`);
  const review = page.getByRole('region', { name: 'Ideas Review' });
  const rows = review.locator('tr[data-idea-id]');
  const said = review.locator('[role="status"][aria-live="polite"]');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('# Ideas to Review: 0 / 2', { exact: true })).toBeVisible();
  await expect(review.getByText(/ideas? reviewed$/)).toBeHidden();

  // Every idea is reviewed: the first row is active on arrival.
  await expect(rows.first()).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('2');
  await expect(said).toHaveText(/^Added Great Idea: /);

  // The ideas left to review: none. The empty text stays, with why beside it.
  await page.getByRole('checkbox', { name: 'Show Already Reviewed' }).uncheck();
  await expect(rows).toHaveCount(0);
  // It leads with the review done and the next steps; the spec's empty text stays below.
  await expect(
    review.getByText('No ideas found for this brainstorm.', { exact: true }),
  ).toBeVisible();
  await expect(review.getByText('All 2 ideas reviewed', { exact: true })).toBeVisible();
  await expect(review.getByRole('link', { name: 'themes' })).toHaveAttribute(
    'href',
    `/brainstorms/${id}/themes`,
  );
  await expect(review.getByRole('link', { name: 'ranking' })).toHaveAttribute(
    'href',
    `/brainstorms/${id}/ranking`,
  );
  await expect(said).toHaveText('');
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(review.getByText('All 2 ideas reviewed', { exact: true })).toBeInViewport();
  expect(await sidewaysScrollers(page)).toEqual([]);
  await expectNoAxeViolations(page);
});

test('the number of ideas is refused outside 1 to 50 here too, and nothing is sent', async ({
  page,
  request,
}) => {
  const id = await createBrainstorm(request);
  await signInAt(page, alice);
  await page.goto(`/brainstorms/${id}/review`);
  const form = page.getByRole('form', { name: 'Generate ideas' });
  const count = form.getByLabel('# ideas:');
  const generations: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/brainstorm/')) {
      generations.push(sent.url());
    }
  });
  await chooseInGenerationForm(page, 'Provider', 'Offline sample ideas (no AI)');

  await count.fill('60');
  await expect(form.getByRole('alert')).toHaveText('Choose between 1 and 50 ideas.');
  await expect(count).toHaveAttribute('aria-invalid', 'true');
  await expect(count).toHaveAccessibleDescription('Choose between 1 and 50 ideas.');
  await form.getByRole('button', { name: 'Generate New Ideas' }).click();
  await expect(count).toBeFocused();
  await expect(count).toHaveValue('60');
  expect(generations).toEqual([]);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await count.fill('0');
  await count.press('Enter');
  await expect(count).toBeFocused();
  await expect(form.getByRole('alert')).toBeInViewport();
  expect(await sidewaysScrollers(page)).toEqual([]);
  await expectNoAxeViolations(page);
  expect(generations).toEqual([]);
});
