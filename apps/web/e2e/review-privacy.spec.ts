import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessToken, bearer, createBrainstormViaApi, signInAt } from './helpers';
import { alice, bob } from './users';

/** Alice's brainstorm with four ideas written through the API, newest last; their ids. */
async function fourIdeas(request: APIRequestContext, stamp: string) {
  const token = await accessToken(request, alice);
  const brainstorm = await createBrainstormViaApi(request, token, `Quieter offices ${stamp}`);
  const ideas: number[] = [];
  // Each title carries the stamp, to be found on pages that list other runs' ideas too; the
  // summaries differ enough that none is stacked under another as a near-duplicate.
  for (const [name, summary] of [
    ['Whisper only', 'Speak softly at every desk all day long'],
    ['Ban keyboards', 'Replace typing with handwritten notes and dictation'],
    ['Mime the standup', 'Act out progress in silence during morning meetings'],
    ['Carpet the ceiling', 'Thick rugs overhead absorb echoes from the open plan'],
  ] as const) {
    const response = await request.post('/api/ideas/', {
      headers: bearer(token),
      data: { brainstorm, title: `${name} ${stamp}`, summary },
    });
    expect(response.status()).toBe(201);
    ideas.push(((await response.json()) as { id: number }).id);
  }
  return { brainstorm, ideas };
}

const ideaRow = (page: Page, id: number) => page.locator(`tr[data-idea-id="${id}"]`);

/** What any teammate sees of an idea, read through the API as `token`'s holder. */
async function teamView(request: APIRequestContext, token: string, id: number) {
  const response = await request.get(`/api/ideas/${id}/`, { headers: bearer(token) });
  expect(response.ok()).toBe(true);
  const idea = (await response.json()) as {
    votes: number;
    reaction_counts: { laugh: number };
    comments_count: number;
  };
  return { votes: idea.votes, laugh: idea.reaction_counts.laugh, comments: idea.comments_count };
}

test("a teammate sees Alice's votes, reactions and comments but not her bookmark or hidden flag", async ({
  page,
  browser,
  request,
}) => {
  const stamp = String(Date.now());
  const { brainstorm, ideas } = await fourIdeas(request, stamp);
  const [voted, kept] = ideas as [number, number];

  // Alice votes up, laughs at and comments on one idea; bookmarks and hides another.
  await signInAt(page, alice);
  await page.goto(`/brainstorms/${brainstorm}/review`);
  const counter = (p: Page, text: string) =>
    p.getByText(`# Ideas to Review: ${text}`, { exact: true });
  await expect(counter(page, '4 / 4')).toBeVisible();
  const mine = ideaRow(page, voted);
  await mine.getByRole('button', { name: 'Vote Up' }).click();
  await expect(mine.getByRole('button', { name: 'Remove Vote' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await mine.getByRole('button', { name: 'Laugh (0)' }).click();
  await expect(mine.getByRole('button', { name: 'Laugh (1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await mine.getByRole('button', { name: 'Comment (0)' }).click();
  const form = page.getByRole('form', { name: `Comment on Whisper only ${stamp}` });
  await form.getByLabel('Your comment').fill('Too loud already');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(mine.getByRole('button', { name: 'Comment (1)' })).toBeVisible();

  const hers = ideaRow(page, kept);
  const bookmark = hers.getByRole('button', { name: 'Bookmark for private future reference' });
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  await hers.getByRole('button', { name: 'Hide idea' }).click();
  await expect(hers.getByRole('button', { name: 'Show idea' })).toBeVisible();
  await expect(counter(page, '2 / 4')).toBeVisible();

  // Every change has reached the server before Bob looks.
  const bobToken = await accessToken(request, bob);
  await expect
    .poll(() => teamView(request, bobToken, voted))
    .toEqual({ votes: 1, laugh: 1, comments: 1 });
  const aliceToken = await accessToken(request, alice);
  await expect
    .poll(async () => {
      const response = await request.get(
        `/api/ideas/reviewed/?brainstorm=${brainstorm}&user_filter=current&is_bookmarked=true&is_hidden=true&page_size=1`,
        { headers: bearer(aliceToken) },
      );
      return ((await response.json()) as { filteredCount: number }).filteredCount;
    })
    .toBe(1);

  const teammate = await browser.newContext();
  try {
    const other = await teammate.newPage();
    await signInAt(other, bob);
    await other.goto(`/brainstorms/${brainstorm}/review`);
    // Alice's reviews are not Bob's: all four are still his to review, none hidden for him.
    await expect(counter(other, '4 / 4')).toBeVisible();
    const rows = other.getByRole('region', { name: 'Ideas Review' }).locator('tr[data-idea-id]');
    await expect(rows).toHaveCount(4);

    const team = ideaRow(other, voted);
    await expect(team.getByRole('button', { name: 'Laugh (1)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(team.getByRole('button', { name: 'Vote Up' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // The team's sum beside his vote buttons: Alice's vote, none of his.
    await expect(team.getByText('Votes:', { exact: true }).locator('xpath=..')).toHaveText(
      'Votes: 1',
    );
    await team.getByRole('button', { name: 'Comment (1)' }).click();
    const comments = other.getByRole('list', { name: 'Team comments' });
    await expect(comments.getByRole('listitem')).toHaveCount(1);
    await expect(comments.getByRole('listitem')).toContainText('Alice Example');
    await expect(comments.getByRole('listitem')).toContainText('Too loud already');
    await other.getByRole('button', { name: 'Cancel' }).click();

    const notHidden = ideaRow(other, kept);
    await expect(notHidden.getByRole('button', { name: 'Hide idea' })).toBeVisible();
    await expect(
      notHidden.getByRole('button', { name: 'Bookmark for private future reference' }),
    ).toHaveAttribute('aria-pressed', 'false');

    // The review CSV holds the ideas shown, with the team's sums and none of Alice's flags.
    const downloading = other.waitForEvent('download');
    await other
      .getByRole('region', { name: 'Ideas Review' })
      .getByRole('button', { name: 'Export CSV' })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`brainstorm-${brainstorm}-ideas-review.csv`);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.split('\r\n').filter((line) => line !== '');
    expect(header).toBe(
      'id,brainstorm,title,summary,description,votes,laugh,idea,surprised,thumbtack,comments,my vote,bookmarked,hidden,created,provider,model,brainstorm title,comment texts,duplicate_of,theme',
    );
    const columns = (header ?? '').split(',');
    const records = lines.map((line) => {
      const cells = line.split(',');
      return Object.fromEntries(columns.map((column, n) => [column, cells[n]]));
    });
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-idea-id')));
    expect(records.map((record) => record.id)).toEqual(shown);
    expect(records.find((record) => record.id === String(voted))).toMatchObject({
      votes: '1',
      laugh: '1',
      comments: '1',
      'my vote': '0',
      // The team's comments are the team's to read, in the export too.
      'brainstorm title': `Quieter offices ${stamp}`,
      'comment texts': 'Alice Example: Too loud already',
    });
    expect(records.map((record) => [record.bookmarked, record.hidden])).toEqual(
      Array.from({ length: 4 }, () => ['false', 'false']),
    );

    // Nor does Show Already Reviewed list Alice's reviews as his; Show Hidden changes nothing.
    await other.getByRole('checkbox', { name: 'Show Already Reviewed' }).check();
    await expect(
      other
        .getByRole('region', { name: 'Ideas Review' })
        .getByText('No ideas found for this brainstorm.'),
    ).toBeVisible();
    await other.getByRole('checkbox', { name: 'Show Already Reviewed' }).uncheck();
    await other.getByRole('checkbox', { name: 'Show Hidden' }).check();
    await expect(rows).toHaveCount(4);
    await expect(counter(other, '4 / 4')).toBeVisible();

    // The team's sum of votes on the brainstorm page too; the cell's own label, for the narrow
    // layout, comes first.
    await other.goto(`/brainstorms/${brainstorm}/`);
    await expect(
      other
        .getByRole('region', { name: 'Ideas' })
        .getByRole('row')
        .filter({ hasText: `Whisper only ${stamp}` })
        .getByRole('cell')
        .nth(3),
    ).toHaveText(/^(Votes)?1$/);

    await other.goto('/saved');
    await expect(other.getByRole('heading', { name: 'Saved Ideas', level: 1 })).toBeVisible();
    await expect(other.getByText(/^Showing \d+ saved ideas out of/)).toBeVisible();
    await expect(other.getByRole('row').filter({ hasText: stamp })).toHaveCount(0);
  } finally {
    await teammate.close();
  }

  // Alice's own bookmark is on her Saved page.
  await page.goto('/saved');
  await expect(page.getByRole('row').filter({ hasText: `Ban keyboards ${stamp}` })).toHaveCount(1);
});
