import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { SECRET, serveWebhooks, staffUser, webhook } from '../testing/webhook-fixtures';

beforeAll(stubPointerCapture);

const itemOf = (name: string) => {
  const heading = screen.getByRole('heading', { name, level: 2 });
  const item = heading.closest('[data-slot="card"]');
  if (!(item instanceof HTMLElement)) throw new Error(`no card for ${name}`);
  return item;
};

describe('Webhooks page', () => {
  it('lists the webhooks with their events, state and last delivery', async () => {
    serveWebhooks([
      webhook(1, {
        last_delivery: {
          event: 'comment.created',
          status: 'failed',
          created: new Date().toISOString(),
        },
      }),
      webhook(2, { active: false, events: ['idea.pinned', 'generation.finished'] }),
    ]);
    renderApp('/webhooks', { signedInAs: staffUser });
    expect(
      await screen.findByRole('heading', { name: 'Webhooks', level: 1 }, APP_LOADED),
    ).toBeVisible();
    await screen.findByRole('heading', { name: 'Hook 1', level: 2 }, APP_LOADED);
    const first = itemOf('Hook 1');
    expect(within(first).getByText('Active')).toBeVisible();
    expect(within(first).getByText('failed')).toBeVisible();
    expect(within(first).getByText('https://receiver.example.com/1')).toBeVisible();
    const second = itemOf('Hook 2');
    expect(within(second).getByText('Inactive')).toBeVisible();
    expect(within(second).getByText('idea.pinned, generation.finished')).toBeVisible();
    expect(within(second).getByText('No deliveries yet.')).toBeVisible();
  });

  it('says when there are none', async () => {
    serveWebhooks([]);
    renderApp('/webhooks', { signedInAs: staffUser });
    expect(await screen.findByText(/No webhooks yet/, {}, APP_LOADED)).toBeVisible();
  });

  it('shows a load error with a way to try again', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    server.use(
      http.get('/api/webhooks/', () =>
        HttpResponse.json({ detail: 'The database is away.' }, { status: 503 }),
      ),
    );
    renderApp('/webhooks', { signedInAs: staffUser });
    expect(await screen.findByRole('alert', {}, APP_LOADED)).toHaveTextContent(
      'Error loading the webhooks',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('adds a webhook and shows its secret once, with Copy', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    const api = serveWebhooks([]);
    const { user } = renderApp('/webhooks', { signedInAs: staffUser });
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }, APP_LOADED));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Enter the address to send events to.')).toBeVisible();
    expect(screen.getByText('Choose at least one event.')).toBeVisible();
    expect(api.posted).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Team chat');
    await user.type(screen.getByRole('textbox', { name: 'URL *' }), 'https://private.example/x');
    await user.click(screen.getByRole('checkbox', { name: /A comment was added/ }));
    await user.click(screen.getByRole('checkbox', { name: /An idea was pinned/ }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const url = screen.getByRole('textbox', { name: 'URL *' });
    expect(await screen.findByText(/it is a private address/)).toBeVisible();
    expect(url).toHaveAttribute('aria-invalid', 'true');

    await user.clear(url);
    await user.type(url, 'https://chat.example.com/hook');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const heading = await screen.findByRole('heading', { name: 'Team chat was added' });
    expect(heading).toHaveFocus();
    expect(api.posted.at(-1)).toEqual({
      name: 'Team chat',
      url: 'https://chat.example.com/hook',
      events: ['comment.created', 'idea.pinned'],
      active: true,
    });
    expect(screen.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Team chat', level: 2 })).toBeVisible();
  });

  it('sends a test event and shows the delivery with its attempts', async () => {
    serveWebhooks([webhook(1)]);
    const { user } = renderApp('/webhooks', { signedInAs: staffUser });
    await screen.findByRole('heading', { name: 'Hook 1', level: 2 }, APP_LOADED);
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    const log = await screen.findByRole('list', { name: 'Deliveries' });
    expect(await within(log).findByText('succeeded')).toBeVisible();
    const attempts = within(log).getByRole('list', { name: 'Attempts of delivery 1' });
    expect(
      within(attempts)
        .getAllByRole('listitem')
        .map((item) => item.textContent.split(',')[0]),
    ).toEqual(['Attempt 1: HTTP 500', 'Attempt 2: HTTP 204']);
  });

  it('edits a webhook, and deletes one after a confirmation', async () => {
    const api = serveWebhooks([webhook(1), webhook(2)]);
    const { user } = renderApp('/webhooks', { signedInAs: staffUser });
    await screen.findByRole('heading', { name: 'Hook 1', level: 2 }, APP_LOADED);
    await user.click(within(itemOf('Hook 1')).getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(itemOf('Hook 1')).findByText('Inactive')).toBeVisible();
    expect(api.patched).toEqual([
      {
        id: 1,
        body: {
          name: 'Hook 1',
          url: 'https://receiver.example.com/1',
          events: ['comment.created'],
          active: false,
        },
      },
    ]);

    await user.click(within(itemOf('Hook 2')).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('group', { name: 'Delete Hook 2?' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(api.deleted).toEqual([2]);
    await screen.findByRole('heading', { name: 'Hook 1', level: 2 });
    expect(screen.queryByRole('heading', { name: 'Hook 2', level: 2 })).not.toBeInTheDocument();
  });

  it('tells non-staff that only staff manage webhooks, and shows no sidebar item', async () => {
    renderApp('/webhooks', { signedInAs: makeUser({ is_staff: false }) });
    expect(
      await screen.findByText('Only staff can manage webhooks.', {}, APP_LOADED),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument();
  });
});
