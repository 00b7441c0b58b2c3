import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  accessToken,
  chooseInGenerationForm,
  createBrainstormViaApi,
  expectNoAxeViolations,
  sidewaysScrollers,
  signInAt,
} from './helpers';
import { alice } from './users';

async function createBrainstorm(request: APIRequestContext) {
  const token = await accessToken(request, alice);
  const problem = `How might we make meetings longer? ${Date.now()}`;
  return createBrainstormViaApi(request, token, problem, ['agenda']);
}

test('ideas generated on the review page are voted, reacted to, bookmarked, hidden and commented on', async ({
  page,
  request,
}) => {
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
