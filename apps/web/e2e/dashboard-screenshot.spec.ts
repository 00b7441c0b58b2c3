import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  accessToken,
  bearer,
  createBrainstormViaApi,
  DISTINCT_IDEAS,
  generateOfflineIdeas,
  signInAt,
} from './helpers';
import { alice, bob } from './users';

const target = fileURLToPath(new URL('../../../docs/screenshot-dashboard.png', import.meta.url));

test.skip(process.env.UPDATE_SCREENSHOT !== '1', 'run with UPDATE_SCREENSHOT=1 to update it');
test.use({ viewport: { width: 1280, height: 1000 }, colorScheme: 'light' });

async function post(request: APIRequestContext, token: string, url: string, data: object) {
  const response = await request.post(url, { headers: bearer(token), data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: number };
}

test('the README screenshot: a dashboard with work waiting, recent activity and spend', async ({
  page,
  request,
}) => {
  // Run by hand only, on a fresh database; it waits for two generations.
  test.setTimeout(240_000);
  const aliceToken = await accessToken(request, alice);
  const bobToken = await accessToken(request, bob);

  const meetings = await createBrainstormViaApi(
    request,
    aliceToken,
    'How might we make Monday meetings worse?',
    ['agenda', 'timing'],
  );
  await generateOfflineIdeas(request, aliceToken, meetings, 8);
  const offices = await createBrainstormViaApi(request, bobToken, 'Quieter open-plan offices');
  const officeIdeas: number[] = [];
  for (const idea of DISTINCT_IDEAS.slice(0, 6)) {
    officeIdeas.push(
      (await post(request, bobToken, '/api/ideas/', { brainstorm: offices, ...idea })).id,
    );
  }
  const commute = await createBrainstormViaApi(request, bobToken, 'A calmer commute');
  await generateOfflineIdeas(request, bobToken, commute, 3);

  const [first = 0, second = 0, third = 0] = officeIdeas;
  await post(request, bobToken, '/api/idea-annotations/reactions/', {
    idea_id: first,
    reaction_type: 'thumbtack',
  });
  await post(request, aliceToken, '/api/idea-annotations/reactions/', {
    idea_id: first,
    reaction_type: 'thumbtack',
  });
  await post(request, bobToken, '/api/idea-annotations/comments/', {
    idea_id: second,
    text: 'We tried this in the old building: people loved the break, and the notes were better.',
  });
  await post(request, aliceToken, '/api/idea-annotations/comments/', {
    idea_id: third,
    text: 'Ninety seconds is short. Could the facilitator grant one extension per meeting?',
  });

  await signInAt(page, alice);
  await expect(page).toHaveURL(/\/dashboard$/);
  const queue = page.getByRole('region', { name: 'Review queue' });
  await expect(
    queue.getByRole('link', { name: /How might we make Monday meetings worse/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Team activity' }).getByRole('listitem'),
  ).toHaveCount(5);
  await expect(
    page.getByRole('region', { name: 'Spend this month' }).getByRole('progressbar'),
  ).toHaveCount(2);
  await page.screenshot({ path: target, animations: 'disabled', caret: 'hide', fullPage: true });
});
