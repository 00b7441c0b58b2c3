import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessToken, createBrainstormViaApi, expectNoAxeViolations, signInAt } from './helpers';
import { alice } from './users';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const similar = /^\+\d+ similar$/;

/** The text a row shows first: the idea's title. */
async function titleOf(row: Locator) {
  const text = await row.getByRole('cell').first().innerText();
  return text.split('\n')[0]?.trim() ?? '';
}

async function openFirstStack(page: Page, region: Locator) {
  const toggle = region.getByRole('button', { name: similar }).first();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const stacked = region.locator('[id^="stacked-idea-"]');
  await expect(stacked.first()).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-controls', /stacked-idea-\d+/);
  await expectNoAxeViolations(page);
  return { toggle, stacked };
}

test('repeated ideas are stacked, can be taken out of a stack and stacked by hand, and More like this stacks what it repeats', async ({
  page,
  request,
}) => {
  // Two generations against the repeating model, and axe at two widths.
  test.setTimeout(90_000);
  const token = await accessToken(request, alice);
  const id = await createBrainstormViaApi(request, token, `Getting to work ${Date.now()}`);
  await page.setViewportSize(desktop);
  await signInAt(page, alice);
  await page.goto(`/brainstorms/${id}/`);

  const form = page.getByRole('form', { name: 'Generate ideas' });
  await expect(form.getByRole('combobox', { name: 'Model' })).toHaveText('repeating-model');
  await form.getByLabel('# ideas:').fill('10');
  await form.getByRole('button', { name: 'Generate New Ideas' }).click();
  await expect(page.getByText(/^10 of 10 ideas · \d+ near-duplicates? stacked$/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('progressbar', { name: 'Idea generation' })).toHaveAttribute(
    'aria-valuetext',
    '10 of 10 ideas',
  );

  const ideas = page.getByRole('region', { name: 'Ideas' });
  const { stacked } = await openFirstStack(page, ideas);
  const title = await titleOf(stacked.first());
  await stacked.first().getByRole('button', { name: 'Not a duplicate' }).click();
  // Its own row now, which can be marked as a duplicate again.
  await expect(ideas.getByRole('button', { name: `Mark as duplicate… ${title}` })).toBeVisible();

  await page.setViewportSize(phone);
  await page.reload();
  await openFirstStack(page, ideas);

  await page.setViewportSize(desktop);
  await page.goto(`/brainstorms/${id}/review`);
  await expect(
    page.getByText(/# Ideas to Review: \d+ \/ \d+ · \d+ near-duplicates? stacked/),
  ).toBeVisible();
  const review = page.getByRole('region', { name: 'Ideas Review' });
  await openFirstStack(page, review);

  const firstRow = review.locator('[data-idea-id]').first();
  const marked = await titleOf(firstRow);
  await firstRow.getByRole('button', { name: 'Mark as duplicate…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as duplicate' });
  await expect(dialog).toBeVisible();
  const choice = dialog.getByRole('combobox', { name: 'Repeats which idea?' });
  await expect(choice.locator('option')).not.toHaveCount(1);
  await expectNoAxeViolations(page);
  await choice.selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Mark as duplicate' }).click();
  await expect(dialog).toBeHidden();
  await expect(review.locator('[data-idea-id]:not([id])').filter({ hasText: marked })).toHaveCount(
    0,
  );

  // 'More like this' asks the repeating model again, with the controls' choice: what it repeats
  // is stacked too, and the counter says so.
  const counter = page.getByText(/# Ideas to Review: \d+ \/ \d+ · \d+ near-duplicates? stacked/);
  const stackedNow = async () => Number(/· (\d+) near/.exec(await counter.innerText())?.[1]);
  const before = await stackedNow();
  const source = review.locator('[data-idea-id]:not([id])').first();
  const sourceTitle = await titleOf(source);
  await source.getByRole('button', { name: 'More like this' }).click();
  await expect(review.getByRole('status').filter({ hasText: 'more like' })).toContainText(
    `more like “${sourceTitle}”`,
  );
  await expect.poll(stackedNow, { timeout: 30_000 }).toBeGreaterThan(before);

  await page.setViewportSize(phone);
  await page.reload();
  await openFirstStack(page, review);
  await review
    .locator('[data-idea-id]')
    .first()
    .getByRole('button', { name: 'More actions' })
    .click();
  await page.getByRole('menuitem', { name: 'Mark as duplicate…' }).click();
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
