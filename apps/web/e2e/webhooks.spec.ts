import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsAtBothWidths, signInAt } from './helpers';
import { alice, sam } from './users';

let receiver: Server;
let receiverUrl = '';
const received: { type: string }[] = [];

// A team's receiver on 127.0.0.1: it fails the first request and takes the rest.
test.beforeAll(async () => {
  let requests = 0;
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests += 1;
      received.push(JSON.parse(body) as { type: string });
      response.writeHead(requests === 1 ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

test('staff add a webhook, send it a test event and see it delivered after a retry', async ({
  page,
}) => {
  const name = `Receiver ${Date.now()}`;
  await signInAt(page, sam);
  await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add webhook' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'URL *' }).fill(receiverUrl);
  await page.getByRole('checkbox', { name: /A comment was added/ }).check();
  await expectNoAxeViolationsAtBothWidths(page);
  await page.getByRole('button', { name: 'Add webhook' }).click();

  await expect(page.getByRole('heading', { name: `${name} was added` })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(/^whsec_/);
  await expectNoAxeViolationsAtBothWidths(page);
  await page.getByRole('button', { name: 'Done' }).click();

  const item = page.locator('[data-slot="card"]', {
    has: page.getByRole('heading', { name, level: 2 }),
  });
  await item.getByRole('button', { name: 'Send test event' }).click();
  const log = item.getByRole('list', { name: 'Deliveries' });
  await expect(log.getByText('succeeded')).toBeVisible({ timeout: 30_000 });
  await expect(log.getByRole('listitem').filter({ hasText: /^Attempt 1: HTTP 500/ })).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasText: /^Attempt 2: HTTP 204/ })).toBeVisible();
  expect(received.map((event) => event.type)).toEqual(['webhook.test', 'webhook.test']);
  await expectNoAxeViolationsAtBothWidths(page);
});

test('a member sees no Webhooks item, and the page tells them it is for staff', async ({
  page,
}) => {
  await signInAt(page, alice);
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Webhooks', exact: true })).toHaveCount(0);
  await page.goto('/webhooks');
  await expect(page.getByText('Only staff can manage webhooks.')).toBeVisible();
});
