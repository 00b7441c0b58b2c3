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
