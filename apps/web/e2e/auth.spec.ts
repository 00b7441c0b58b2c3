import { expect, test, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsAtBothWidths,
  signIn,
  signInAt,
} from './helpers';
import { alice, dora } from './users';

/** Submits the form and waits for the server's answer to that sign-in. */
async function signInAndWait(page: Page, user: typeof dora) {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/token/'));
  await signIn(page, user);
  return (await answer).status();
}

/** Holds the requests matching `url` until the returned function is called. */
async function hold(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Records every text the page shows from its first paint on. */
async function recordTexts(page: Page) {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { seenTexts: Set<string> }).seenTexts = seen;
    new MutationObserver(() => seen.add(document.body.innerText)).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  return () =>
    page.evaluate(() => [...(window as unknown as { seenTexts: Set<string> }).seenTexts]);
}

test('signs in, stays signed in across a reload, and logs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Login to Ideaforge' })).toBeVisible();
  await signIn(page, alice);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Welcome, Alice Example')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Welcome, Alice Example')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=/);
});

test('shows the failure text for a wrong password', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, { ...alice, password: 'not the password' });
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Email')).toBeEnabled();
});

test('after 5 wrong passwords says why sign-in is refused, even for the right password', async ({
  page,
}) => {
  await page.goto('/login');
  for (let i = 0; i < 5; i++) {
    expect(await signInAndWait(page, { ...dora, password: `wrong guess ${i}` })).toBe(401);
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid email or password. Please try again.',
    );
  }
  expect(await signInAndWait(page, dora)).toBe(429);
  await expect(page.getByRole('alert')).toHaveText(
    /^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/,
  );
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Password')).toBeEnabled();
  await expectNoAxeViolationsAtBothWidths(page);
});

test('says "Checking authentication..." on the way to the login page, never "Loading..."', async ({
  page,
}) => {
  const texts = await recordTexts(page);
  // A slow network: the silent refresh, and the login page's own code, take their time.
  const releaseRefresh = await hold(page, '**/api/auth/token/refresh/');
  const releaseLoginCode = await hold(page, '**/assets/login-*.js');

  await page.goto('/dashboard');
  await expect(page.getByRole('status')).toHaveText('Checking authentication...');
  // The guard gives up waiting after 1.5 s and sends the visitor to the login page.
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard/);
  await expect(page.getByRole('status')).toHaveText('Checking authentication...');
  await expectNoAxeViolationsAtBothWidths(page);
  releaseLoginCode();
  await expect(page.getByRole('status')).toHaveText('Checking authentication...');
  releaseRefresh();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  const seen = await texts();
  expect(seen.some((text) => text.includes('Checking authentication...'))).toBe(true);
  expect(seen.filter((text) => text.includes('Loading...'))).toEqual([]);
});

test('a deep link goes through sign-in and back', async ({ page }) => {
  await page.goto('/saved?page=2');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fsaved/);
  await signIn(page, alice);
  await expect(page).toHaveURL(/\/saved/);
  await expect(page.getByRole('heading', { name: 'Saved Ideas' })).toBeVisible();
});

test('logs out from the user menu', async ({ page }) => {
  await signInAt(page, alice);
  await page.getByRole('button', { name: /Alice Example/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('login and dashboard pages have no accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectNoAxeViolations(page);
  await signIn(page, alice);
  await expect(page.getByText('Welcome, Alice Example')).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('in the dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('login and dashboard pages have no accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectNoAxeViolations(page);
    await signIn(page, alice);
    await expect(page.getByText('Welcome, Alice Example')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
