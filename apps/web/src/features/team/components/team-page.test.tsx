import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { member, serveTeam, staffUser } from '../testing/team-fixtures';
import { NO_PASSWORD_CHOSEN } from './team-table';

const PASSWORD_SHAPE = /^[a-km-zA-HJ-NP-Z2-9]{5}(-[a-km-zA-HJ-NP-Z2-9]{5}){3}$/;

function rowOf(name: string) {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${name}`);
  return row;
}

beforeAll(stubPointerCapture);

describe('Team page', () => {
  it('lists the members with their email, role and status, paged', async () => {
    const team = serveTeam([
      staffUser,
      member(2, { is_staff: true }),
      member(3, { is_active: false }),
    ]);
    renderApp('/team', { signedInAs: staffUser });
    expect(
      await screen.findByRole('heading', { name: 'Team', level: 1 }, APP_LOADED),
    ).toBeVisible();
    const table = await screen.findByRole('table', {}, APP_LOADED);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Status', 'Actions']);
    const row = rowOf('Member 3');
    expect(within(row).getByText('member3@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Member', { selector: '[data-slot="badge"]' })).toBeVisible();
    expect(within(row).getByText('Inactive')).toBeVisible();
    expect(within(rowOf('Member 2')).getByText('Staff')).toBeVisible();
    expect(screen.getByText('Showing 3 of 3 members (Page 1 of 1)')).toBeInTheDocument();
    expect(team.listed.map((query) => query.toString())).toEqual([
      'page=1&page_size=10&ordering=-created',
    ]);
    // Staff see Team and Webhooks in the sidebar, after the spec's items.
    const links = screen
      .getAllByRole('link', {
        name: /^(Dashboard|Brainstorms|Projects|Saved|Insights|Team|Webhooks)$/,
      })
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Dashboard',
      'Brainstorms',
      'Projects',
      'Saved',
      'Insights',
      'Team',
      'Webhooks',
    ]);
  });

  it('adds a member with a one-time password shown once, with Copy', async () => {
    const team = serveTeam([staffUser]);
    const { user } = renderApp('/team', { signedInAs: staffUser });
    await user.click(await screen.findByRole('button', { name: 'Add member' }));
    const email = screen.getByRole('textbox', { name: 'Email *' });
    expect(email).toHaveFocus();
    await user.type(email, 'new@example.com');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Nora');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'New');
    await user.click(screen.getByRole('checkbox', { name: 'Staff' }));
    await user.click(screen.getByRole('button', { name: 'Add member' }));

    const heading = await screen.findByRole('heading', { name: 'Nora New was added' });
    expect(heading).toHaveFocus();
    const [sent] = team.posted;
    expect(sent).toMatchObject({
      email: 'new@example.com',
      first_name: 'Nora',
      last_name: 'New',
      is_staff: true,
    });
    expect(sent?.password).toMatch(PASSWORD_SHAPE);
    expect(screen.getByRole('textbox', { name: 'One-time password' })).toHaveValue(
      String(sent?.password),
    );
    expect(await screen.findByRole('cell', { name: 'Nora New' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email *' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(sent?.password);
    expect(screen.getByText('Copied to the clipboard.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'One-time password' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add member' })).toHaveFocus();
  });

  it("shows the server's field errors at their fields, and others above the button", async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    serveTeam([staffUser]);
    let answer = 0;
    server.use(
      http.post('/api/users/', () => {
        answer += 1;
        return answer === 1
          ? HttpResponse.json(
              { email: ['A user with this email already exists.'], first_name: ['Too long.'] },
              { status: 400 },
            )
          : HttpResponse.json({ password: ['This password is too common.'] }, { status: 400 });
      }),
    );
    const { user } = renderApp('/team', { signedInAs: staffUser });
    await user.click(await screen.findByRole('button', { name: 'Add member' }));
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(answer).toBe(0);

    const email = screen.getByRole('textbox', { name: 'Email *' });
    await user.type(email, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('A user with this email already exists.')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('A user with this email already exists.');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      'Too long.',
    );

    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('password: This password is too common.')).toBeInTheDocument();
  });

  it("deactivates and reactivates a member, and offers none on one's own row", async () => {
    const team = serveTeam([staffUser, member(2)]);
    const { user } = renderApp('/team', { signedInAs: staffUser });
    await screen.findByRole('table');
    expect(within(rowOf('Sam Staff')).queryByRole('button')).toBeNull();
    expect(within(rowOf('Sam Staff')).getByText('You')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Deactivate Member 2' }));
    expect(await within(rowOf('Member 2')).findByText('Inactive')).toBeVisible();
    const reactivate = screen.getByRole('button', { name: 'Reactivate Member 2' });
    await user.click(reactivate);
    expect(await within(rowOf('Member 2')).findByText('Active')).toBeVisible();
    expect(team.patched).toEqual([
      { id: 2, body: { is_active: false } },
      { id: 2, body: { is_active: true } },
    ]);
  });

  it("shows the server's refusal of a row action in that row", async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    serveTeam([staffUser, member(2)]);
    server.use(
      http.patch('/api/users/:id/', () =>
        HttpResponse.json(
          { detail: 'You do not have permission to perform this action.' },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderApp('/team', { signedInAs: staffUser });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Member 2' }));
    expect(await within(rowOf('Member 2')).findByRole('alert')).toHaveTextContent(
      'You do not have permission to perform this action.',
    );
  });

  it('resets a password after a confirmation, and shows the new one once', async () => {
    const team = serveTeam([staffUser, member(2)]);
    const { user } = renderApp('/team', { signedInAs: staffUser });
    await user.click(await screen.findByRole('button', { name: 'Reset password Member 2' }));
    const cancel = within(rowOf('Member 2')).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    await user.click(cancel);
    expect(screen.getByRole('button', { name: 'Reset password Member 2' })).toHaveFocus();
    expect(team.patched).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reset password Member 2' }));
    await user.click(screen.getByRole('button', { name: 'Confirm reset' }));
    expect(await screen.findByRole('heading', { name: 'New password for Member 2' })).toHaveFocus();
    const [sent] = team.patched;
    expect(sent?.id).toBe(2);
    expect(Object.keys(sent?.body ?? {})).toEqual(['password']);
    expect(sent?.body.password).toMatch(PASSWORD_SHAPE);
    expect(screen.getByRole('textbox', { name: 'One-time password' })).toHaveValue(
      String(sent?.body.password),
    );
  });

  it('says a one-time password is replaced at the first sign-in, and marks who has not yet', async () => {
    serveTeam([staffUser, member(2), member(3, { password_must_change: true })]);
    const { user } = renderApp('/team', { signedInAs: staffUser });
    await screen.findByRole('table', {}, APP_LOADED);
    expect(within(rowOf('Member 3')).getByText(NO_PASSWORD_CHOSEN)).toBeVisible();
    expect(within(rowOf('Member 2')).queryByText(NO_PASSWORD_CHOSEN)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add member' }));
    await user.type(screen.getByRole('textbox', { name: 'Email *' }), 'new@example.com');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Nora');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'New');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const panel = await screen.findByRole('region', { name: 'Nora New was added' });
    expect(panel).toHaveTextContent(
      'At their first sign-in with it, they will be asked to choose a password of their own.',
    );
    expect(await within(rowOf('Nora New')).findByText(NO_PASSWORD_CHOSEN)).toBeVisible();
  });

  it('tells non-staff that only staff can manage the team, and asks the server nothing', async () => {
    const team = serveTeam([staffUser]);
    renderApp('/team', { signedInAs: makeUser({ is_staff: false }) });
    expect(await screen.findByText('Only staff can manage the team.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Team' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(team.listed).toEqual([]);
    });
  });
});
