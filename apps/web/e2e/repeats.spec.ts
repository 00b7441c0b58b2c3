import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  accessToken,
  bearer,
  createBrainstormViaApi,
  expectNoAxeViolationsAtBothWidths,
  signInAt,
} from './helpers';
import { REPEAT_REASON } from './sense-making-model';
import { alice } from './users';

type IdeaText = readonly [title: string, summary: string];

const LOUD_LOUNGE: IdeaText = [
  'A loud-allowed lounge just for teenagers',
  'A room in the library where teenagers may talk and laugh out loud.',
];
/** The loud lounge again in other words: too few shared words for the detector to stack it. */
const TEEN_LOUNGE: IdeaText = [
  'Teen-only lounge with beanbags and no shushing',
  'Young people get their own space with beanbags where nobody asks them to be quiet.',
];
const UNRELATED: readonly IdeaText[] = [
  ['Seed library', 'Members borrow seeds in spring and bring back seeds from their harvest.'],
  ['Repair cafe', 'Volunteers fix broken toasters and bikes once a month.'],
];
const LATE_OPENING: IdeaText = [
  'Late opening on Thursdays',
  'The library stays open until ten every Thursday evening.',
];
/** Late opening again, sharing about a third of its trigrams: a possible repeat, not stacked. */
const THURSDAY_NIGHTS: IdeaText = [
  'Thursday late nights',
  'Doors stay open after work one night a week, until ten o clock.',
];

/** An idea added by hand through the API; its id. */
async function createIdea(
  request: APIRequestContext,
  token: string,
  brainstorm: number,
  [title, summary]: IdeaText,
) {
  const response = await request.post('/api/ideas/', {
    headers: bearer(token),
    data: { brainstorm, title, summary },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Ideas whose ids the journey does not need, added after the first and before the last. */
async function createUnrelatedIdeas(request: APIRequestContext, token: string, brainstorm: number) {
  for (const idea of UNRELATED) await createIdea(request, token, brainstorm, idea);
}

async function duplicateOf(request: APIRequestContext, token: string, ideaId: number) {
  const response = await request.get(`/api/ideas/${ideaId}/`, { headers: bearer(token) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { duplicate_of: number | null }).duplicate_of;
}

test('Find repeats stacks an idea that says an earlier one again in other words, with the model and its reason, and Not a duplicate undoes it', async ({
  page,
  request,
}) => {
  const token = await accessToken(request, alice);
  const brainstorm = await createBrainstormViaApi(
    request,
    token,
    `Library for teenagers ${Date.now()}`,
  );
  const loudLounge = await createIdea(request, token, brainstorm, LOUD_LOUNGE);
  await createUnrelatedIdeas(request, token, brainstorm);
  const teenLounge = await createIdea(request, token, brainstorm, TEEN_LOUNGE);
  await signInAt(page, alice);
  await page.goto(`/brainstorms/${brainstorm}/review`);
  const review = page.getByRole('region', { name: 'Ideas Review' });
  const topRows = review.locator('tr[data-idea-id]:not([id])');
  await expect(topRows).toHaveCount(4);

  // The section asks for no plan until it is opened.
  const section = page.getByRole('region', { name: 'Repeats in other words' });
  await section.locator('summary').click();
  const form = section.getByRole('form', { name: 'Find repeats' });
  await expect(form.getByRole('combobox', { name: 'Provider' })).toHaveText('Ollama');
  await expect(form.getByRole('combobox', { name: 'Model' })).toHaveText('repeating-model');
  await expect(section.getByText(/^Up to 1 call, at most [\d,]+ tokens$/)).toBeVisible();
  await form.getByRole('button', { name: 'Find repeats' }).click();
  await expect(section.getByRole('status')).toHaveText('Done: 1 call made', { timeout: 60_000 });
  await expect(section.getByText(/^\d+ pairs judged: 1 idea stacked as repeats\.$/)).toBeVisible();
  expect(await duplicateOf(request, token, teenLounge)).toBe(loudLounge);

  // The list is read again: the teen lounge now sits under the loud one, saying who stacked it.
  await expect(topRows).toHaveCount(3);
  const original = topRows.filter({ hasText: LOUD_LOUNGE[0] });
  await original.getByRole('button', { name: '+1 similar' }).click();
  const stacked = review.locator(`[id^="stacked-idea-"][data-idea-id="${teenLounge}"]`);
  await expect(stacked.getByText(`Stacked by repeating-model: ${REPEAT_REASON}`)).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  await stacked.getByRole('button', { name: 'Not a duplicate' }).click();
  await expect(topRows).toHaveCount(4);
  await expect(topRows.filter({ hasText: TEEN_LOUNGE[0] })).toBeVisible();
  await expect(review.getByText(/^Stacked by /)).toHaveCount(0);
  expect(await duplicateOf(request, token, teenLounge)).toBeNull();
});

test('the ranking page lists a possible repeat among the top ideas, and Stack stacks it in one click', async ({
  page,
  request,
}) => {
  const token = await accessToken(request, alice);
  const brainstorm = await createBrainstormViaApi(request, token, `Opening hours ${Date.now()}`);
  const lateOpening = await createIdea(request, token, brainstorm, LATE_OPENING);
  await createUnrelatedIdeas(request, token, brainstorm);
  const thursdayNights = await createIdea(request, token, brainstorm, THURSDAY_NIGHTS);
  await signInAt(page, alice);
  await page.goto(`/brainstorms/${brainstorm}/ranking`);

  // Four ideas: all of them are among the top 20 a ranking would compare.
  const repeats = page.getByRole('list', { name: 'These top ideas may say the same thing' });
  const pair = repeats.getByRole('listitem');
  await expect(pair).toHaveCount(1);
  await expect(pair).toContainText(
    `#${thursdayNights} “${THURSDAY_NIGHTS[0]}” may repeat #${lateOpening} “${LATE_OPENING[0]}”`,
  );
  await expectNoAxeViolationsAtBothWidths(page);

  await pair
    .getByRole('button', { name: `Stack #${thursdayNights} under #${lateOpening}` })
    .click();
  await expect(repeats).toBeHidden();
  expect(await duplicateOf(request, token, thursdayNights)).toBe(lateOpening);
});
