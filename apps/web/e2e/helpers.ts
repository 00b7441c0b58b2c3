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

/** No WCAG 2.x A/AA violations on the page as it stands. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
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

/** Picks `option` in the Radix select labelled `label` within the generation form. */
export async function chooseInGenerationForm(page: Page, label: string, option: string) {
  const form = page.getByRole('form', { name: 'Generate ideas' });
  await form.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(form.getByRole('combobox', { name: label })).toHaveText(option);
}
