import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  accessToken,
  bearer,
  createBrainstormViaApi,
  DISTINCT_IDEAS,
  expectNoAxeViolations,
  generateOfflineIdeas,
  signInAt,
} from './helpers';
import { alice } from './users';

const IDEAS = 50;
const REACTIONS = ['Laugh', 'Great Idea', 'Surprised', 'Pin for group'];
const BOOKMARKED = new Set([3, 17]);
const HIDDEN = 30;

/** The caller's reviewed ideas of the brainstorm (`filteredCount`) among all of them (`count`). */
async function reviewedCounts(request: APIRequestContext, token: string, brainstormId: number) {
  const response = await request.get(
    `/api/ideas/reviewed/?brainstorm=${brainstormId}&user_filter=current&page_size=1`,
    { headers: bearer(token) },
  );
  expect(response.ok()).toBe(true);
  const { count, filteredCount } = (await response.json()) as {
    count: number;
    filteredCount: number;
  };
  return { count, filteredCount };
}

/** Keys pressed by `press`, for the fifty-idea review's log. */
let keysPressed = 0;

/** Presses `key` and waits until the page shows what it did. */
async function press(page: Page, key: string, done: () => Promise<void>) {
  await page.keyboard.press(key);
  keysPressed += 1;
  await done();
}

/** Reviews the idea at `index` (already active) with keys only, and waits for each to land. */
async function reviewWithKeys(page: Page, row: Locator, index: number) {
  const up = index % 3 !== 2;
  await press(page, up ? 'u' : 'd', () =>
    expect(row.getByRole('button', { name: 'Remove Vote' })).toHaveAttribute(
      'aria-pressed',
      'true',
    ),
  );
  if (index % 5 === 0) {
    const reaction = (index / 5) % REACTIONS.length;
    await press(page, String(reaction + 1), () =>
      expect(
        row.getByRole('button', { name: `${REACTIONS[reaction] ?? ''} (1)`, exact: true }),
      ).toHaveAttribute('aria-pressed', 'true'),
    );
  }
  if (BOOKMARKED.has(index)) {
    await press(page, 'b', () =>
      expect(
        row.getByRole('button', { name: 'Bookmark for private future reference' }),
      ).toHaveAttribute('aria-pressed', 'true'),
    );
  }
  if (index === HIDDEN) {
    await press(page, 'h', () =>
      expect(row.getByRole('button', { name: 'Show idea' })).toBeVisible(),
    );
  }
}

test('fifty generated ideas are reviewed with the keyboard alone', async ({ page, request }) => {
  // Fifty ideas, each reviewed by two to four keys whose result is awaited: about 22 s on a
  // quiet machine and 40 s beside a CPU hog, so five minutes leaves a wide margin.
  test.setTimeout(300_000);
  const token = await accessToken(request, alice);
  const title = `How might we make e-mail slower? ${Date.now()}`;
  const id = await createBrainstormViaApi(request, token, title);
  await generateOfflineIdeas(request, token, id, IDEAS);
  expect(await reviewedCounts(request, token, id)).toEqual({ count: IDEAS, filteredCount: 0 });

  await signInAt(page, alice);
  await page.goto(`/brainstorms/${id}/review`);
  const counter = (text: string) => page.getByText(`# Ideas to Review: ${text}`, { exact: true });
  const rows = page.getByRole('region', { name: 'Ideas Review' }).locator('tr[data-idea-id]');
  await expect(counter(`${IDEAS} / ${IDEAS}`)).toBeVisible();
  await expect(rows).toHaveCount(IDEAS);
  const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-idea-id')));
  const titles = await rows.locator('td:first-child').allTextContents();
  const row = (index: number) => page.locator(`tr[data-idea-id="${ids[index] ?? ''}"]`);

  const started = performance.now();
  keysPressed = 0;
  for (let index = 0; index < IDEAS; index++) {
    // The first idea is active on arrival; j moves down to each later one.
    if (index === 0) await expect(row(0)).toHaveAttribute('data-active', 'true');
    else await press(page, 'j', () => expect(row(index)).toHaveAttribute('data-active', 'true'));
    await reviewWithKeys(page, row(index), index);
  }
  await expect(counter(`0 / ${IDEAS}`)).toBeVisible({ timeout: 30_000 });
  const seconds = (performance.now() - started) / 1000;
  console.log(`keyboard review of ${IDEAS} ideas: ${seconds.toFixed(1)} s`);
  console.log(`keys pressed: ${String(keysPressed)}`);

  // Every idea has the caller's annotation, made by the keys alone.
  await expect
    .poll(() => reviewedCounts(request, token, id))
    .toEqual({ count: IDEAS, filteredCount: IDEAS });

  const bookmarked = [...BOOKMARKED].map((index) => ids[index]);
  const response = await request.get(
    `/api/ideas/reviewed/?brainstorm=${id}&user_filter=current&is_bookmarked=true`,
    { headers: bearer(token) },
  );
  const { results } = (await response.json()) as { results: { id: number }[] };
  expect(results.map((idea) => String(idea.id)).sort()).toEqual(bookmarked.sort());

  // Offline ideas' titles can repeat: the saved rows' titles are compared as a whole.
  await page.goto('/saved');
  const saved = page.getByRole('row').filter({ hasText: title });
  await expect(saved).toHaveCount(BOOKMARKED.size);
  expect((await saved.locator('td:first-child').allTextContents()).sort()).toEqual(
    [...BOOKMARKED].map((index) => titles[index]).sort(),
  );
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    test.describe(`in the ${colorScheme} theme at ${width}×${height}`, () => {
      test.use({ colorScheme, viewport: { width, height } });

      test('the review page, mid-review, and the saved page have no accessibility violations', async ({
        page,
        request,
      }) => {
        // Five axe scans, up to four seconds each beside a CPU hog, and a comment's round trips.
        test.setTimeout(90_000);
        const token = await accessToken(request, alice);
        const title = `Louder libraries ${colorScheme} ${width} ${Date.now()}`;
        const id = await createBrainstormViaApi(request, token, title);
        const ideas: number[] = [];
        // Only the bookmarked idea carries the stamp, to be found on the saved page among other
        // runs' bookmarks: ideas sharing most of their words would be stacked as near-duplicates.
        for (const name of ['Drum circles', 'Vuvuzela hour', 'Shush amnesty']) {
          const response = await request.post('/api/ideas/', {
            headers: bearer(token),
            data: {
              brainstorm: id,
              title: name === 'Drum circles' ? `${name} ${title}` : name,
              summary: `Summary of ${name}`,
            },
          });
          expect(response.status()).toBe(201);
          ideas.push(((await response.json()) as { id: number }).id);
        }
        const bookmarked = await request.post(`/api/ideas/${ideas[0] ?? 0}/annotate/`, {
          headers: bearer(token),
          data: { is_bookmarked: true },
        });
        expect(bookmarked.ok()).toBe(true);

        await signInAt(page, alice);
        await page.goto(`/brainstorms/${id}/review?show_reviewed=true&show_hidden=true`);
        const html = expect(page.locator('html'));
        await (colorScheme === 'dark' ? html : html.not).toHaveClass(/\bdark\b/);
        const rows = page.getByRole('region', { name: 'Ideas Review' }).locator('tr[data-idea-id]');
        await expect(rows).toHaveCount(1);
        await expectNoAxeViolations(page);

        await page.getByRole('checkbox', { name: 'Show Already Reviewed' }).uncheck();
        await expect(rows).toHaveCount(2);
        // An active, recently voted row with a reaction, and its comment row open. The first
        // idea to review is active as the list arrives.
        await expect(rows.first()).toHaveAttribute('data-active', 'true');
        await page.keyboard.press('u');
        await expect(rows.first()).toHaveAttribute('data-recent', 'true');
        await page.keyboard.press('2');
        if (width > 390) {
          await expect(
            rows.first().getByRole('button', { name: 'Great Idea (1)' }),
          ).toHaveAttribute('aria-pressed', 'true');
        } else {
          // A phone's card keeps its reactions in the More actions menu, checked when given.
          await rows.first().getByRole('button', { name: 'More actions' }).click();
          await expect(
            page.getByRole('menuitemcheckbox', { name: 'Great Idea (1)' }),
          ).toHaveAttribute('aria-checked', 'true');
          await page.keyboard.press('Escape');
          await expect(page.getByRole('menu')).toBeHidden();
        }
        await page.keyboard.press('c');
        const field = page.getByRole('textbox', { name: 'Your comment' });
        await expect(field).toBeFocused();
        await expectNoAxeViolations(page);

        // Enter submits the comment, Shift+Enter starts a line, and the row has the keys again.
        await page.keyboard.type('Bring earplugs');
        await page.keyboard.press('Shift+Enter');
        await page.keyboard.type('for everyone');
        await expect(field).toHaveValue('Bring earplugs\nfor everyone');
        await page.keyboard.press('Enter');
        await expect(field).toBeHidden();
        const commentButton = rows.first().getByRole('button', { name: 'Comment (1)' });
        await expect(commentButton).toBeFocused();

        // Esc with text typed asks first; Esc there keeps the text, Discard throws it away.
        await page.keyboard.press('c');
        await expect(field).toBeFocused();
        await page.keyboard.type('Half a thought');
        await page.keyboard.press('Escape');
        const ask = page.getByRole('alertdialog', { name: 'Discard your comment?' });
        await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
        await expectNoAxeViolations(page);
        await page.keyboard.press('Escape');
        await expect(ask).toBeHidden();
        await expect(field).toBeFocused();
        await expect(field).toHaveValue('Half a thought');
        await page.keyboard.press('Escape');
        await ask.getByRole('button', { name: 'Discard' }).click();
        await expect(field).toBeHidden();
        await expect(commentButton).toBeFocused();
        await page.keyboard.press('d');
        await expect(rows.first().getByRole('button', { name: 'Remove Vote' })).toHaveClass(
          /text-red-600/,
        );

        await page.keyboard.press('?');
        const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
        await expect(help).toBeVisible();
        await expect(help.getByText('Submit the comment', { exact: true })).toBeVisible();
        await expect(help.getByText('Start a new line', { exact: true })).toBeVisible();
        await expectNoAxeViolations(page);

        await page.goto('/saved');
        await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);
        await expectNoAxeViolations(page);
        // Unsave asks first: its Confirm button reads in either theme.
        await page.getByRole('button', { name: `Unsave Drum circles ${title}` }).click();
        await expect(page.getByRole('button', { name: 'Confirm' })).toBeVisible();
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: 'Cancel' }).click();
      });
    });
  }
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('rows whose minute is up leave without moving the active row', async ({
      page,
      request,
    }) => {
      const token = await accessToken(request, alice);
      const title = `Slower lifts ${width} ${Date.now()}`;
      const id = await createBrainstormViaApi(request, token, title);
      for (const idea of DISTINCT_IDEAS.slice(0, 12)) {
        const response = await request.post('/api/ideas/', {
          headers: bearer(token),
          data: { brainstorm: id, ...idea },
        });
        expect(response.status()).toBe(201);
      }

      // The page's own clock, so that the minute passes at once.
      await page.clock.install();
      await signInAt(page, alice);
      await page.goto(`/brainstorms/${id}/review`);
      const rows = page.getByRole('region', { name: 'Ideas Review' }).locator('tr[data-idea-id]');
      await expect(rows).toHaveCount(12);
      const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-idea-id')));
      const row = (index: number) => page.locator(`tr[data-idea-id="${ids[index] ?? ''}"]`);

      // Three ideas voted on with the keys; the fourth active, 200 px from the window's top.
      await expect(row(0)).toHaveAttribute('data-active', 'true');
      for (const index of [0, 1, 2]) {
        await press(page, 'u', () =>
          expect(row(index).getByRole('button', { name: 'Remove Vote' })).toBeVisible(),
        );
        await press(page, 'j', () => expect(row(index + 1)).toHaveAttribute('data-active', 'true'));
      }
      await expect(page.getByText('# Ideas to Review: 9 / 12', { exact: true })).toBeVisible();
      const top = () => row(3).evaluate((tr) => Math.round(tr.getBoundingClientRect().top));
      await row(3).evaluate(
        (tr) =>
          new Promise<void>((resolve) => {
            window.addEventListener(
              'scroll',
              () => {
                resolve();
              },
              { once: true },
            );
            window.scrollBy(0, tr.getBoundingClientRect().top - 200);
          }),
      );
      expect(await top()).toBe(200);

      // A minute on, the three leave the list; the fourth stays put, and active.
      await page.clock.fastForward('01:01');
      await expect(rows).toHaveCount(9);
      await expect(row(3)).toHaveAttribute('data-active', 'true');
      await expect.poll(top).toBe(200);
      await expectNoAxeViolations(page);
    });
  });
}
