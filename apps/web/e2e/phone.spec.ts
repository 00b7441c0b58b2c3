import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import {
  accessToken,
  bearer,
  createBrainstormViaApi,
  expectNoAxeViolations,
  generateOfflineIdeas,
  sidewaysScrollers,
  signInAt,
} from './helpers';
import { alice } from './users';

test.use({ viewport: { width: 390, height: 844 } });

const longTitle = 'How might we make the weekly planning meeting shorter without losing anything';

async function createBrainstorm(request: APIRequestContext, token: string, title: string) {
  const response = await request.post('/api/brainstorms/', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      description: '',
      type: 'bad_idea_contest',
      parameters: { problem: title, themes: [], type: 'bad_idea_contest' },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function countBrainstorms(request: APIRequestContext, token: string, search: string) {
  const response = await request.get(`/api/brainstorms/?search=${encodeURIComponent(search)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { count: number }).count;
}

test('on a phone the brainstorm list fits the screen and opens each brainstorm', async ({
  page,
  request,
}) => {
  const token = await accessToken(request, alice);
  const id = await createBrainstorm(request, token, longTitle);
  await signInAt(page, alice);
  await page.goto('/brainstorms/');

  const row = page.getByRole('row', { name: new RegExp(longTitle) });
  const title = row.getByRole('link', { name: longTitle, exact: true });
  await expect(title).toBeVisible();
  await expect(title).toHaveAttribute('href', `/brainstorms/${id}`);
  const view = row.getByRole('link', { name: /^View/ });
  await expect(view).toBeInViewport();
  await expect(row).toContainText('#Ideas');
  expect(await sidewaysScrollers(page)).toEqual([]);
  await expectNoAxeViolations(page);

  await view.click();
  await expect(page).toHaveURL(new RegExp(`/brainstorms/${id}/?$`));
  await expect(page.getByRole('heading', { name: longTitle, level: 1 })).toBeVisible();
  expect(await sidewaysScrollers(page)).toEqual([]);
});

test('on a phone a double tap on Create Brainstorm creates one brainstorm', async ({
  page,
  request,
}) => {
  const problem = `Double taps ${Date.now()}`;
  const token = await accessToken(request, alice);
  await signInAt(page, alice);
  await page.goto('/brainstorms/');

  await page.getByRole('button', { name: 'Create New' }).click();
  await page.getByLabel(/Problem/).fill(problem);
  const creates: Request[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/brainstorms/') {
      creates.push(sent);
    }
  });
  await page.getByRole('button', { name: 'Create Brainstorm' }).dblclick();

  await expect(page).toHaveURL(/\/brainstorms\/\d+\/?$/);
  await expect(page.getByRole('heading', { name: problem, level: 1 })).toBeVisible();
  // Every create the taps sent has been answered. (The page is never quiet: its live stream
  // stays open.)
  await Promise.all(creates.map((sent) => sent.response()));
  expect(await countBrainstorms(request, token, problem)).toBe(1);
});

/** The review list's idea cards (not the comment row under one). */
const reviewCards = (page: Page) =>
  page.getByRole('region', { name: 'Ideas Review' }).locator('tr[data-idea-id]');

/** The buttons a phone's card keeps in sight; the rest are under 'More actions'. */
const MAIN_ACTIONS = [
  'Vote Up',
  'Vote Down',
  'Bookmark for private future reference',
  /^Comment \(\d+\)$/,
  'More actions',
];

/** The width and height of a card's main action buttons, for the eye and the finger. */
async function mainActionSizes(card: Locator) {
  const sizes: { name: string; width: number; height: number }[] = [];
  for (const name of MAIN_ACTIONS) {
    const box = await card.getByRole('button', { name, exact: true }).boundingBox();
    if (!box) throw new Error(`no ${String(name)} button on the card`);
    sizes.push({ name: String(name), width: box.width, height: box.height });
  }
  return sizes;
}

test.describe('on a touch phone', () => {
  test.use({ hasTouch: true, isMobile: true });

  test('each generated idea is a compact card with touch-sized main actions', async ({
    page,
    request,
  }) => {
    const token = await accessToken(request, alice);
    const id = await createBrainstormViaApi(request, token, `Compact cards ${Date.now()}`);
    await generateOfflineIdeas(request, token, id, 50);
    await signInAt(page, alice);
    await page.goto(`/brainstorms/${id}/review`);
    const cards = reviewCards(page);
    await expect(cards).toHaveCount(50);

    // A card holds a title of up to two lines, its date, a summary of up to five, the
    // description's button and a row of 44 px buttons: 312 px with the longest title and
    // summary (which ideas get them depends on the brainstorm). Every one was 446 px or more
    // with the description, labels and all ten buttons on it.
    const heights = await cards.evaluateAll((trs) =>
      trs.map((tr) => Math.round(tr.getBoundingClientRect().height)),
    );
    expect(Math.max(...heights)).toBeLessThanOrEqual(320);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`review page of 50 ideas at 390×844: ${String(pageHeight)} px`);

    const first = cards.first();
    for (const { name, width, height } of await mainActionSizes(first)) {
      expect({ name, width: width >= 44, height: height >= 44 }).toEqual({
        name,
        width: true,
        height: true,
      });
    }
    // The reactions and hide/show wait in the menu; the description behind its button.
    await expect(first.getByRole('button', { name: /^Laugh/ })).toBeHidden();
    await expect(first.getByRole('button', { name: 'Hide idea' })).toBeHidden();
    const description = first.getByRole('button', { name: 'Show description' });
    await description.tap();
    await expect(first.getByRole('button', { name: 'Hide description' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(first.getByText(/^How it works:/)).toBeVisible();

    await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    expect(await sidewaysScrollers(page)).toEqual([]);
  });

  test('the reactions and hide are in the More actions menu, accessible in both themes', async ({
    page,
    request,
  }) => {
    const token = await accessToken(request, alice);
    const id = await createBrainstormViaApi(request, token, `More actions ${Date.now()}`);
    await generateOfflineIdeas(request, token, id, 3);
    await signInAt(page, alice);
    await page.goto(`/brainstorms/${id}/review`);
    const cards = reviewCards(page);
    await expect(cards).toHaveCount(3);
    const ideaId = Number(await cards.first().getAttribute('data-idea-id'));
    const more = cards.first().getByRole('button', { name: 'More actions' });
    const menu = page.getByRole('menu');

    await more.tap();
    await expect(menu.getByRole('menuitemcheckbox')).toHaveCount(4);
    const laugh = menu.getByRole('menuitemcheckbox', { name: 'Laugh (0)' });
    await expect(laugh).toHaveAttribute('title', 'Laugh');
    await expect(laugh).toHaveAttribute('aria-checked', 'false');
    await expect(menu.getByRole('menuitem', { name: 'Hide idea' })).toBeVisible();
    await laugh.tap();
    await expect(menu).toBeHidden();
    await expect
      .poll(async () => {
        const response = await request.get(`/api/ideas/${ideaId}/`, { headers: bearer(token) });
        return ((await response.json()) as { reaction_counts: { laugh: number } }).reaction_counts
          .laugh;
      })
      .toBe(1);
    await expect(page.getByText('# Ideas to Review: 2 / 3', { exact: true })).toBeVisible();

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const html = expect(page.locator('html'));
      await (colorScheme === 'dark' ? html : html.not).toHaveClass(/\bdark\b/);
      await expectNoAxeViolations(page);
      await more.tap();
      await expect(menu.getByRole('menuitemcheckbox', { name: 'Laugh (1)' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(more).toBeFocused();
    }

    await more.tap();
    await menu.getByRole('menuitem', { name: 'Hide idea' }).tap();
    // Gone once its closing animation ends: a tap before then would only close it again.
    await expect(menu).toBeHidden();
    await more.tap();
    await expect(menu.getByRole('menuitem', { name: 'Show idea' })).toHaveAttribute(
      'title',
      'Show idea',
    );
  });
});

test.describe('at a desktop width with a mouse', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the review table keeps every action in its row, and the Keyboard shortcuts button', async ({
    page,
    request,
  }) => {
    const token = await accessToken(request, alice);
    const id = await createBrainstormViaApi(request, token, `Desktop table ${Date.now()}`);
    await generateOfflineIdeas(request, token, id, 1);
    await signInAt(page, alice);
    await page.goto(`/brainstorms/${id}/review`);
    const row = reviewCards(page).first();
    await expect(row.getByRole('button', { name: 'Laugh (0)' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Hide idea' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'More actions' })).toBeHidden();
    await expect(row.getByRole('button', { name: /description$/ })).toBeHidden();
    await expect(row.getByText(/^How it works:/)).toBeVisible();
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(overlay).toBeVisible();
    // Every key cap is one line high, beside a description on one line or on two ('f', 'Esc').
    const heights = await overlay
      .locator('kbd')
      .evaluateAll((caps) => caps.map((cap) => Math.round(cap.getBoundingClientRect().height)));
    expect(new Set(heights).size, heights.join(', ')).toBe(1);
  });
});
