import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  accessToken,
  bearer,
  chooseInForm,
  createBrainstormViaApi,
  createIdeas,
  expectNoAxeViolations,
  expectNoAxeViolationsAtBothWidths,
  generateOfflineIdeas,
  GROUPED_IDEAS,
  signInAt,
} from './helpers';
import { alice, bob, sam, type TestUser } from './users';

/*
 * A team's hour, start to shortlist (issue 39): Sam (staff) runs the brainstorm, Alice reviews
 * at a desktop and Bob on a phone, each in a browser of their own. Ideas arrive while they
 * review, both reach every idea by keyboard, the themes Sam applies reach their pages as he
 * applies them, and the ranking he starts is handed on as a shortlist.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const screenshot = fileURLToPath(
  new URL('../../../docs/screenshot-shortlist.png', import.meta.url),
);

/** Ideas written by hand in three groups that share their words, so themes can be found. */
const HAND_WRITTEN = GROUPED_IDEAS.slice(0, 8);

interface Member {
  user: TestUser;
  page: Page;
  close: () => Promise<void>;
}

async function join(browser: Browser, user: TestUser, viewport: typeof PHONE): Promise<Member> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInAt(page, user);
  return { user, page, close: () => context.close() };
}

const reviewRegion = (page: Page) => page.getByRole('region', { name: 'Ideas Review' });
const counter = (page: Page) => page.getByText(/^# Ideas to Review: \d+ \/ \d+$/);

/** Votes for the active idea unless it has the caller's vote, then moves on with `j`. */
async function voteAndMoveOn(page: Page) {
  const active: Locator = reviewRegion(page).locator('tr[data-idea-id][data-active]');
  const voteUp = active.getByRole('button', { name: 'Vote Up', exact: true });
  if ((await voteUp.count()) > 0) {
    await page.keyboard.press('u');
    await expect(active.getByRole('button', { name: 'Remove Vote', exact: true })).toBeVisible();
  }
  await page.keyboard.press('j');
}

/** Reviews by keyboard, from where the member is, until no idea is left to review. */
async function reviewEverything(page: Page) {
  for (let step = 0; step < 60; step += 1) {
    if ((await counter(page).textContent())?.startsWith('# Ideas to Review: 0 /')) return;
    await voteAndMoveOn(page);
  }
  throw new Error(`ideas left to review: ${(await counter(page).textContent()) ?? ''}`);
}

test("a team's hour: ideas arrive mid-review, everyone reaches every idea, themes and a ranking reach everyone live, and the shortlist leaves the app", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const started = Date.now();
  const token = await accessToken(request, sam);
  const brainstorm = await createBrainstormViaApi(request, token, 'A better office');
  await createIdeas(request, token, brainstorm, HAND_WRITTEN);

  const [staff, desk, phone] = await Promise.all([
    join(browser, sam, DESKTOP),
    join(browser, alice, DESKTOP),
    join(browser, bob, PHONE),
  ]);
  try {
    // Alice and Bob start reviewing the ideas there are.
    for (const { page } of [desk, phone]) {
      await page.goto(`/brainstorms/${brainstorm}/review`);
      await expect(counter(page)).toHaveText(`# Ideas to Review: 8 / 8`);
      for (let n = 0; n < 3; n += 1) await voteAndMoveOn(page);
      await expect(counter(page)).toHaveText(`# Ideas to Review: 5 / 8`);
    }
    await expect(desk.page.getByText('Bob Builder reviewing')).toBeVisible();

    // Sam has more generated while they review: they are told, and no row moves under them.
    const rowsBefore = await reviewRegion(desk.page).locator('tr[data-idea-id]').allInnerTexts();
    await generateOfflineIdeas(request, token, brainstorm, 6);
    for (const { page } of [desk, phone]) {
      await expect(
        reviewRegion(page).getByRole('button', { name: /^\d+ new ideas? — show them$/ }),
      ).toBeVisible();
    }
    expect(await reviewRegion(desk.page).locator('tr[data-idea-id]').allInnerTexts()).toEqual(
      rowsBefore,
    );
    await expectNoAxeViolations(desk.page);
    await expectNoAxeViolations(phone.page);

    // Each carries on by keyboard, past the last row into what arrived, to the end.
    await Promise.all([reviewEverything(desk.page), reviewEverything(phone.page)]);
    const ideas = await request.get(`/api/ideas/?brainstorm=${brainstorm}&page_size=100`, {
      headers: bearer(token),
    });
    const { results } = (await ideas.json()) as {
      results: { id: number; votes: number; duplicate_of: number | null }[];
    };
    const originals = results.filter((idea) => idea.duplicate_of === null);
    expect(originals.length).toBeGreaterThan(8);
    // Both voted for every idea the review showed them: none was out of reach.
    expect(originals.filter((idea) => idea.votes !== 2)).toEqual([]);

    // On to themes: Alice and Bob wait on the page while Sam finds and applies them.
    for (const { page } of [desk, phone]) {
      await page.goto(`/brainstorms/${brainstorm}/themes`);
    }
    await staff.page.goto(`/brainstorms/${brainstorm}/themes`);
    await expect(desk.page.getByText(/Sam Staff on themes/)).toBeVisible();
    await chooseInForm(staff.page, 'Find themes', 'Provider', 'Offline sample ideas (no AI)');
    await staff.page.getByRole('button', { name: 'Find themes' }).click();
    // Alice sees Sam's run end in its proposal without a reload.
    await expect(desk.page.getByRole('region', { name: 'Proposed themes' })).toBeVisible({
      timeout: 60_000,
    });
    await staff.page.getByRole('button', { name: 'Apply these themes' }).click();
    for (const { page } of [staff, desk, phone]) {
      const board = page.getByRole('region', { name: 'Themes of the ideas' });
      await expect(board.getByRole('heading', { name: /Coffee/i }).first()).toBeVisible();
    }
    await expectNoAxeViolations(phone.page);

    // The ranking: Sam starts it; Alice and Bob see it finish on their own pages.
    for (const { page } of [desk, phone]) {
      await page.goto(`/brainstorms/${brainstorm}/ranking`);
    }
    await staff.page.goto(`/brainstorms/${brainstorm}/ranking`);
    await staff.page.getByLabel('Ideas to rank').fill('5');
    await staff.page.getByRole('button', { name: 'Rank the top ideas' }).click();
    for (const { page } of [desk, phone]) {
      await expect(page.getByText(/^Agreement with team votes: /)).toBeVisible({
        timeout: 60_000,
      });
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(6);
    }
    await expectNoAxeViolationsAtBothWidths(desk.page);
    await expectNoAxeViolations(phone.page);

    // Alice hands the shortlist on.
    const download = desk.page.waitForEvent('download');
    await desk.page.getByRole('button', { name: 'Download shortlist (CSV)' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFFRank,Title,Summary,Rating,Votes,Theme,Link');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(/^1,/);
    if (process.env.UPDATE_SCREENSHOT === '1') {
      await desk.page
        .getByRole('button', { name: 'Download shortlist (CSV)' })
        .scrollIntoViewIfNeeded();
      await desk.page.screenshot({ path: screenshot, fullPage: true });
    }

    const seconds = (Date.now() - started) / 1000;
    console.log(`The team's hour, start to shortlist: ${seconds.toFixed(1)} s of wall time`);
  } finally {
    await Promise.all([staff.close(), desk.close(), phone.close()]);
  }
});
