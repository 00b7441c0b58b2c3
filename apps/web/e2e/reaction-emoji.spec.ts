import { expect, test, type Page } from '@playwright/test';
import { accessToken, bearer, createBrainstormViaApi, signInAt } from './helpers';
import { alice } from './users';

const FAMILY = 'Ideaforge Emoji';
const EMOJI = { Laugh: '😂', 'Great Idea': '💡', Surprised: '😮', 'Pin for group': '📌' };

/** The fonts that Chromium drew the text of the element matching `selector` with. */
async function fontsDrawing(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

test('the reaction emoji are drawn from the app’s own font, with or without an emoji font installed', async ({
  page,
  request,
}, testInfo) => {
  const token = await accessToken(request, alice);
  const brainstorm = await createBrainstormViaApi(request, token, `Emoji ${Date.now()}`);
  const created = await request.post('/api/ideas/', {
    headers: bearer(token),
    data: { brainstorm, title: 'An idea to react to', summary: 'Its summary' },
  });
  expect(created.status()).toBe(201);

  await signInAt(page, alice);
  await page.goto(`/brainstorms/${brainstorm}/review`);
  const actions = page.getByRole('group', { name: 'Actions' });
  await expect(actions.getByRole('button', { name: 'Great Idea (0)' })).toBeVisible();

  const fonts = await page.evaluate(
    async ({ family, emoji }) => {
      await document.fonts.ready;
      return {
        statuses: [...document.fonts]
          .filter((face) => face.family.replaceAll('"', '') === family)
          .map((face) => face.status),
        covered: emoji.map((text) => document.fonts.check(`16px "${family}"`, text)),
      };
    },
    { family: FAMILY, emoji: Object.values(EMOJI) },
  );
  expect(fonts.statuses).toEqual(['loaded']);
  expect(fonts.covered).toEqual([true, true, true, true]);

  for (const [label, emoji] of Object.entries(EMOJI)) {
    const span = actions.getByRole('button', { name: `${label} (0)` }).getByText(emoji);
    expect(await span.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(
      new RegExp(`^"${FAMILY}",`),
    );
    // Every glyph of the emoji comes from the web font, none from a font of the machine.
    const drawn = await fontsDrawing(page, `button[title="${label}"] > span:first-child`);
    expect(drawn.map(({ isCustomFont, glyphCount }) => ({ isCustomFont, glyphCount }))).toEqual([
      { isCustomFont: true, glyphCount: 1 },
    ]);
  }
  await actions.screenshot({ path: testInfo.outputPath('reaction-buttons.png') });

  // The '?' overlay names each reaction by its emoji too.
  await page.keyboard.press('?');
  const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  const line = overlay.getByText('💡 Great Idea', { exact: true });
  await expect(line).toBeVisible();
  expect(await line.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(
    new RegExp(`^"${FAMILY}",`),
  );
  await line.evaluate((element) => {
    element.id = 'emoji-line';
  });
  const drawn = await fontsDrawing(page, '#emoji-line');
  expect(
    drawn.filter(({ isCustomFont }) => isCustomFont).map(({ glyphCount }) => glyphCount),
  ).toEqual([1]);
});
