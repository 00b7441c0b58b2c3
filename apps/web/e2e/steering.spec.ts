import { expect, test, type Locator } from '@playwright/test';
import {
  accessToken,
  chooseInGenerationForm,
  createBrainstormViaApi,
  expectNoAxeViolations,
  signInAt,
} from './helpers';
import { alice } from './users';

/** The title of an idea's row: the first line of its first cell (provenance may follow it). */
async function titleOf(row: Locator) {
  const text = await row.getByRole('cell').first().innerText();
  return text.split('\n')[0]?.trim() ?? '';
}

test("a vote steers the next batch, 'More like this' develops an idea and 'Flip it' reverses one", async ({
  page,
  request,
}) => {
  // Three generations awaited, each a few seconds, and two axe scans.
  test.setTimeout(60_000);
  const token = await accessToken(request, alice);
  const id = await createBrainstormViaApi(
    request,
    token,
    `How might we make commuting worse? ${Date.now()}`,
  );
  await signInAt(page, alice);
  await page.goto(`/brainstorms/${id}/review`);

  const review = page.getByRole('region', { name: 'Ideas Review' });
  const form = page.getByRole('form', { name: 'Generate ideas' });
  const steerBox = page.getByRole('checkbox', { name: "Steer by the team's reviews" });
  await expect(steerBox).toHaveAccessibleDescription('No reviews steer this batch yet');
  await expect(steerBox).toBeDisabled();

  // The first provider is unreachable in these journeys: the offline one is chosen.
  await chooseInGenerationForm(page, 'Provider', 'Offline sample ideas (no AI)');
  await form.getByLabel('# ideas:').fill('3');
  await form.getByRole('button', { name: 'Generate New Ideas' }).click();
  await expect(page.getByText('Finished: 3 ideas stored.')).toBeVisible({ timeout: 20_000 });
  const rows = review.locator('tr[data-idea-id]');
  await expect(rows).toHaveCount(3);

  // An up-vote is the team's liking: the controls say it steers the next batch.
  await rows.nth(0).getByRole('button', { name: 'Vote Up' }).click();
  await expect(steerBox).toHaveAccessibleDescription('Steered by 1 liked idea');
  await expect(steerBox).toBeEnabled();
  await expect(steerBox).toBeChecked();

  // 'More like this' asks with the controls' choice: the offline provider, 3 ideas.
  // Found by id: the new ideas arrive above it.
  const sourceId = (await rows.nth(1).getAttribute('data-idea-id')) ?? '';
  const source = review.locator(`tr[data-idea-id="${sourceId}"]`);
  const sourceTitle = await titleOf(source);
  expect(sourceTitle).not.toBe('');
  await source.getByRole('button', { name: 'More like this' }).click();
  await expect(review.getByRole('status').filter({ hasText: 'Generating 3 more like' })).toHaveText(
    `Generating 3 more like “${sourceTitle}”…`,
  );
  await expect(rows).toHaveCount(6, { timeout: 20_000 });
  const developed = rows.filter({ hasText: `Developed from “${sourceTitle}”` });
  await expect(developed).toHaveCount(3);
  await expect(developed.first()).toContainText('Steered by 1 liked idea');
  await expectNoAxeViolations(page);

  // The link in the provenance brings the idea it was developed from forward.
  await developed
    .first()
    .getByRole('button', { name: `“${sourceTitle}”` })
    .click();
  await expect(source).toHaveAttribute('data-active');

  // A Bad Idea Contest's idea can be flipped into a workable one.
  const flippedId = (await rows.nth(5).getAttribute('data-idea-id')) ?? '';
  const flipped = review.locator(`tr[data-idea-id="${flippedId}"]`);
  const flippedTitle = await titleOf(flipped);
  await flipped.getByRole('button', { name: 'Flip it' }).click();
  await expect(
    review.getByText(`Flipping “${flippedTitle}” into a workable idea…`, { exact: true }),
  ).toBeVisible();
  await expect(rows).toHaveCount(9, { timeout: 20_000 });
  await expect(rows.filter({ hasText: `Developed from “${flippedTitle}”` })).toHaveCount(3);

  // At a phone's width the two wait in the card's 'More actions' menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await rows.nth(0).getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'More like this' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Flip it' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
});
