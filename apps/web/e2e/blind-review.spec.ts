import { expect, test } from '@playwright/test';
import {
  accessToken,
  bearer,
  createBrainstormViaApi,
  expectNoAxeViolations,
  expectNoAxeViolationsAtBothWidths,
  signInAt,
} from './helpers';
import { alice, bob } from './users';

const HIDDEN = 'Votes hidden until you review';

test("under blind review a teammate sees an idea's votes only once they have voted on it", async ({
  page,
  browser,
  request,
}) => {
  const stamp = String(Date.now());
  const token = await accessToken(request, alice);
  const brainstorm = await createBrainstormViaApi(request, token, `Blind tasting ${stamp}`);
  const ideas: number[] = [];
  for (const [title, summary] of [
    ['Label nothing', 'Serve every dish without its name on the menu'],
    ['Taste in the dark', 'Dim every light so diners judge by flavour alone'],
  ] as const) {
    const response = await request.post('/api/ideas/', {
      headers: bearer(token),
      data: { brainstorm, title: `${title} ${stamp}`, summary },
    });
    expect(response.status()).toBe(201);
    ideas.push(((await response.json()) as { id: number }).id);
  }
  const [voted, untouched] = ideas as [number, number];
  const vote = await request.post(`/api/ideas/${voted}/annotate/`, {
    headers: bearer(token),
    data: { vote: 1 },
  });
  expect(vote.ok()).toBe(true);

  // Alice, who created the brainstorm, turns blind review on in its edit form.
  await signInAt(page, alice);
  await page.goto(`/brainstorms/${brainstorm}`);
  await expect(
    page.getByRole('heading', { name: `Blind tasting ${stamp}`, level: 1 }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const blind = page.getByRole('checkbox', { name: 'Blind review' });
  await expect(blind).not.toBeChecked();
  await blind.check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Blind review', { exact: true })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  const teammate = await browser.newContext();
  try {
    const other = await teammate.newPage();
    await signInAt(other, bob);

    // The brainstorm's page: neither idea's votes are Bob's to see yet.
    await other.goto(`/brainstorms/${brainstorm}`);
    await expect(other.getByText('Blind review', { exact: true })).toBeVisible();
    await expect(other.getByText(HIDDEN, { exact: true })).toHaveCount(2);

    // The review page: the same, beside buttons that work.
    await other.goto(`/brainstorms/${brainstorm}/review`);
    const row = other.locator(`tr[data-idea-id="${voted}"]`);
    await expect(row.getByText(HIDDEN, { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Laugh', exact: true })).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(other);

    await row.getByRole('button', { name: 'Vote Up' }).click();
    await expect(row.getByRole('button', { name: 'Remove Vote' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Reviewed: his vote, and the team's total with Alice's in it; the other totals too.
    await expect(row.getByText('Votes:', { exact: true }).locator('xpath=..')).toHaveText(
      'Votes: You: +1 · Team: 2',
    );
    await expect(row.getByText(HIDDEN, { exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Laugh (0)' })).toBeVisible();
    const still = other.locator(`tr[data-idea-id="${untouched}"]`);
    await expect(still.getByText(HIDDEN, { exact: true })).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(other);
  } finally {
    await teammate.close();
  }
});
