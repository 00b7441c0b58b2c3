import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { TestUser } from './users';

export async function signIn(page: Page, user: TestUser) {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function signInAt(page: Page, user: TestUser, path = '/login') {
  await page.goto(path);
  await signIn(page, user);
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Chooses `password` on the page that a sign-in with a one-time password leads to (decision
 * 043), and waits until the app has gone on.
 */
export async function chooseNewPassword(page: Page, current: string, password: string) {
  const form = page.getByRole('form', { name: 'Choose a new password' });
  await form.getByLabel('Current password').fill(current);
  await form.getByLabel('New password', { exact: true }).fill(password);
  await form.getByLabel('Confirm new password').fill(password);
  await form.getByRole('button', { name: 'Set password' }).click();
  await expect(page).not.toHaveURL(/\/(choose-password|login)/);
}

/**
 * Replaces the one-time password staff gave `email` with `password` through the API, as the
 * first sign-in in the browser would: a setup step for journeys that act as a new member.
 */
export async function replaceOneTimePassword(
  request: APIRequestContext,
  email: string,
  oneTime: string,
  password: string,
) {
  const signIn = await request.post('/api/auth/token/', { data: { email, password: oneTime } });
  expect(signIn.ok()).toBe(true);
  const { access, user } = (await signIn.json()) as {
    access: string;
    user: { id: number; password_must_change?: boolean };
  };
  expect(user.password_must_change).toBe(true);
  const changed = await request.patch(`/api/users/${String(user.id)}/`, {
    headers: { authorization: `Bearer ${access}` },
    data: { current_password: oneTime, password },
  });
  expect(changed.status()).toBe(200);
}

/** No WCAG 2.x A/AA violations on the page as it stands. */
export async function expectNoAxeViolations(page: Page) {
  // Colours judged mid-transition (a theme just changed, on a busy machine) are neither the old
  // nor the new ones: let finite transitions and animations end first.
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime));
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** No violations at the page's desktop width, nor at a phone's; the width is put back. */
export async function expectNoAxeViolationsAtBothWidths(page: Page) {
  await expectNoAxeViolations(page);
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  if (desktop) await page.setViewportSize(desktop);
}

/** An access token for calling the API directly, as setup or to check what the page did. */
export async function accessToken(request: APIRequestContext, user: TestUser) {
  const response = await request.post('/api/auth/token/', {
    data: { email: user.email, password: user.password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access: string }).access;
}

/** Elements wider than their box: the page, and every card and table container on it. */
export function sidewaysScrollers(page: Page) {
  return page.evaluate(() =>
    [
      document.documentElement,
      ...document.querySelectorAll('[data-slot="card"], [data-slot="table-container"]'),
    ]
      .filter((element) => element.scrollWidth > element.clientWidth)
      .map((element) => element.getAttribute('data-slot') ?? element.tagName),
  );
}

/** The headers of an API call made as the holder of `token`. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A bad-idea-contest brainstorm created through the API, titled `title`; its id. */
export async function createBrainstormViaApi(
  request: APIRequestContext,
  token: string,
  title: string,
  themes: string[] = [],
) {
  const response = await request.post('/api/brainstorms/', {
    headers: bearer(token),
    data: {
      title,
      description: '',
      type: 'bad_idea_contest',
      parameters: { problem: title, themes, type: 'bad_idea_contest' },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/**
 * Generates `count` ideas with the offline provider through the API and waits, polling the
 * generation, until every one is stored.
 */
export async function generateOfflineIdeas(
  request: APIRequestContext,
  token: string,
  brainstormId: number,
  count: number,
) {
  const worker = {
    provider: 'offline',
    model: 'sample-ideas',
    settings: { temperature: 0.7, max_tokens: 1000 },
  };
  const started = await request.post(`/api/brainstorms/${brainstormId}/brainstorm/`, {
    headers: bearer(token),
    data: { num_workers: count, worker_params: Array.from({ length: count }, () => worker) },
  });
  expect(started.status()).toBe(202);
  const { id } = (await started.json()) as { id: number };
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/generations/${id}/`, { headers: bearer(token) });
        expect(response.ok()).toBe(true);
        const { status, succeeded } = (await response.json()) as {
          status: string;
          succeeded: number;
        };
        return `${status}, ${succeeded} stored`;
      },
      { timeout: 120_000, intervals: [250, 500, 1_000] },
    )
    .toBe(`done, ${count} stored`);
}

/** Picks `option` in the Radix select labelled `label` within the form named `formName`. */
export async function chooseInForm(page: Page, formName: string, label: string, option: string) {
  const form = page.getByRole('form', { name: formName });
  await form.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(form.getByRole('combobox', { name: label })).toHaveText(option);
}

/** Picks `option` in the Radix select labelled `label` within the generation form. */
export function chooseInGenerationForm(page: Page, label: string, option: string) {
  return chooseInForm(page, 'Generate ideas', label, option);
}

/**
 * Ideas that share no words, for journeys that write several by hand: the server stacks an idea
 * that repeats one already in its brainstorm under it (near-duplicates), so 'Idea 1', 'Idea 2'…
 * would show as one row with '+1 similar'. The first summary has a comma, for the CSV.
 */
export const DISTINCT_IDEAS = [
  { title: 'Walking meetings', summary: 'Hold it outdoors, strolling around the block' },
  { title: 'Written status board', summary: 'Everyone posts progress notes on a shared wiki' },
  { title: 'Hourglass timer', summary: 'A sand clock limits each speaker to ninety seconds' },
  { title: 'Rotating facilitator', summary: 'Somebody different chairs every week' },
  { title: 'Emoji check-in', summary: 'Members react with pictograms describing mood' },
  { title: 'Chairless room', summary: 'Remove seating so nobody lingers longer than necessary' },
  { title: 'Blockers first', summary: 'Start by naming obstacles, skip routine reports' },
  { title: 'Async video clips', summary: 'Record short recordings whenever convenient' },
  { title: 'Smaller invite list', summary: 'Only engineers touching active tickets attend' },
  { title: 'Kanban walk', summary: 'Review cards column by column from right to left' },
  { title: 'Parking lot', summary: 'Defer lengthy discussions until afterwards' },
  { title: 'Twice weekly cadence', summary: 'Meet Mondays and Thursdays rather than daily' },
  { title: 'Silent minute', summary: 'Open with sixty quiet seconds for gathering thoughts' },
  { title: 'Breakfast huddle', summary: 'Share pastries and coffee during a relaxed chat' },
  { title: 'Metrics glance', summary: 'Display deployment numbers and incident counts upfront' },
  { title: 'Buddy pairs', summary: 'Partners update privately, then summarise jointly' },
] as const;

/** Matches a row showing any of the first `count` distinct ideas. */
export const distinctIdeaRow = (count: number) =>
  new RegExp(
    DISTINCT_IDEAS.slice(0, count)
      .map((idea) => idea.title)
      .join('|'),
  );

/**
 * Ideas in three groups (lunch, coffee, bicycles), each group sharing its words, so keyword
 * themes find them; no two are near-duplicates of each other.
 */
export const GROUPED_IDEAS = [
  ['Canteen lunch poll', 'Staff choose the canteen lunch each week'],
  ['Vegan lunch', 'Add a vegan plate to the canteen lunch'],
  ['Cheaper canteen', 'Lower canteen prices for a basic lunch'],
  ['Coffee machine upgrade', 'Replace the old coffee machine with a grinder'],
  ['Coffee rota', 'Clean the coffee machine on a rota'],
  ['Free coffee beans', 'Stock beans beside the coffee machine'],
  ['Bicycle racks', 'Install covered bicycle racks by the entrance'],
  ['Bicycle repair kit', 'Keep a bicycle pump and repair kit near the racks'],
  ['Bicycle commute bonus', 'Pay a bonus to whoever cycles in by bicycle'],
] as const;

/** Writes ideas by hand (title and summary) into a brainstorm, one request each. */
export async function createIdeas(
  request: APIRequestContext,
  token: string,
  brainstorm: number,
  ideas: readonly (readonly [string, string])[],
) {
  for (const [title, summary] of ideas) {
    const response = await request.post('/api/ideas/', {
      headers: bearer(token),
      data: { brainstorm, title, summary },
    });
    expect(response.status()).toBe(201);
  }
}
