import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  accessToken,
  bearer,
  createBrainstormViaApi,
  DISTINCT_IDEAS,
  expectNoAxeViolations,
  generateOfflineIdeas,
  replaceOneTimePassword,
  sidewaysScrollers,
  signInAt,
} from './helpers';
import { PASSWORD, sam, type TestUser } from './users';

/**
 * A member of their own, added by staff through the API: every idea of the team is new to them,
 * and their spend starts at nothing, whatever the journeys before left.
 */
async function newMember(request: APIRequestContext): Promise<TestUser> {
  const tag = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const user = {
    email: `dashboard-${tag}@example.com`,
    password: PASSWORD,
    firstName: 'Dana',
    lastName: 'Board',
  };
  const oneTime = `${PASSWORD} given once`;
  const response = await request.post('/api/users/', {
    headers: bearer(await accessToken(request, sam)),
    data: {
      email: user.email,
      password: oneTime,
      first_name: user.firstName,
      last_name: user.lastName,
    },
  });
  expect(response.status()).toBe(201);
  // Staff's password is one-time: the member chooses theirs before anything else (decision 043).
  await replaceOneTimePassword(request, user.email, oneTime, user.password);
  return user;
}

test('dashboard: the review queue leads into review and follows it, with activity and spend', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now());
  const dana = await newMember(request);
  const token = await accessToken(request, dana);
  const title = `Dashboard queue ${stamp}`;
  const brainstorm = await createBrainstormViaApi(request, token, title);
  for (const idea of DISTINCT_IDEAS) {
    const response = await request.post('/api/ideas/', {
      headers: bearer(token),
      data: { brainstorm, ...idea },
    });
    expect(response.status()).toBe(201);
  }
  const generated = `Dashboard generation ${stamp}`;
  await generateOfflineIdeas(
    request,
    token,
    await createBrainstormViaApi(request, token, generated),
    2,
  );

  await signInAt(page, dana);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Welcome, Dana Board')).toBeVisible();

  const queue = page.getByRole('region', { name: 'Review queue' });
  const entry = queue.getByRole('link', { name: new RegExp(title) });
  await expect(entry).toContainText(`${DISTINCT_IDEAS.length} to review`);

  const activity = page.getByRole('region', { name: 'Team activity' });
  await expect(
    activity.getByRole('listitem').filter({ hasText: `asked for 2 ideas in ${generated}` }),
  ).toContainText('offline · sample-ideas');

  const spend = page.getByRole('region', { name: 'Spend this month' });
  await expect(spend.getByRole('progressbar', { name: 'Your use today' })).toBeVisible();
  await expect(spend.getByRole('progressbar', { name: 'Team use today' })).toBeVisible();
  // Only the offline provider was used, which costs nothing.
  await expect(spend.getByText('$0.00').first()).toBeVisible();

  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(entry).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await sidewaysScrollers(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The link opens the review page; reviewing one idea takes it off the count.
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/brainstorms/${brainstorm}/review$`));
  const total = DISTINCT_IDEAS.length;
  const counter = (text: string) => page.getByText(`# Ideas to Review: ${text}`, { exact: true });
  await expect(counter(`${total} / ${total}`)).toBeVisible();
  const rows = page.getByRole('region', { name: 'Ideas Review' }).locator('tr[data-idea-id]');
  await expect(rows.nth(0)).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('u');
  await expect(counter(`${total - 1} / ${total}`)).toBeVisible();

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(queue.getByRole('link', { name: new RegExp(title) })).toContainText(
    `${total - 1} to review`,
  );
});
