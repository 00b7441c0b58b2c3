import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { accessToken, bearer, generateOfflineIdeas, signInAt } from './helpers';
import { alice } from './users';

const target = fileURLToPath(new URL('../../../docs/screenshot-review.png', import.meta.url));

test.skip(process.env.UPDATE_SCREENSHOT !== '1', 'run with UPDATE_SCREENSHOT=1 to update it');
test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });

test('the README screenshot: the review page part-way through a review', async ({
  page,
  request,
}) => {
  // Run by hand only; it waits for a generation, whose wait alone may take two minutes.
  test.setTimeout(180_000);
  const token = await accessToken(request, alice);
  const problem = 'How might we make Monday meetings worse?';
  const created = await request.post('/api/brainstorms/', {
    headers: bearer(token),
    data: {
      title: problem,
      description: 'Collect the worst ideas first, then turn each one around.',
      type: 'bad_idea_contest',
      parameters: { problem, themes: ['agenda', 'timing'], type: 'bad_idea_contest' },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await generateOfflineIdeas(request, token, id, 8);

  await signInAt(page, alice);
  await page.goto(`/brainstorms/${id}/review`);
  const counter = (text: string) => page.getByText(`# Ideas to Review: ${text}`, { exact: true });
  const rows = page.getByRole('region', { name: 'Ideas Review' }).locator('tr[data-idea-id]');
  await expect(counter('8 / 8')).toBeVisible();
  await expect(rows).toHaveCount(8);

  // Three ideas reviewed just now (their amber marker lasts a minute), the fourth active. The
  // first is active as the list arrives.
  await expect(rows.nth(0)).toHaveAttribute('data-active', 'true');
  const pressed = (n: number, name: string) =>
    expect(rows.nth(n).getByRole('button', { name, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  const steps: [string, () => Promise<void>][] = [
    ['u', () => pressed(0, 'Remove Vote')],
    ['2', () => pressed(0, 'Great Idea (1)')],
    ['j', () => expect(rows.nth(1)).toHaveAttribute('data-active', 'true')],
    ['b', () => pressed(1, 'Bookmark for private future reference')],
    ['j', () => expect(rows.nth(2)).toHaveAttribute('data-active', 'true')],
    ['d', () => pressed(2, 'Remove Vote')],
    ['j', () => expect(rows.nth(3)).toHaveAttribute('data-active', 'true')],
  ];
  for (const [key, done] of steps) {
    await page.keyboard.press(key);
    await done();
  }
  await expect(counter('5 / 8')).toBeVisible();
  await expect(rows.and(page.locator('[data-recent]'))).toHaveCount(3);

  await page
    .getByRole('heading', { name: 'Review Ideas' })
    .evaluate((heading) => heading.closest('section')?.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: target, animations: 'disabled', caret: 'hide' });
});
