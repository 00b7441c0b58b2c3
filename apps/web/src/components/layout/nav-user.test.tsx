import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SidebarProvider } from '@/components/ui/sidebar-provider';
import type { User } from '@/lib/api/types';
import { makeUser } from '@/test/fixtures';
import { NavUser } from './nav-user';

function renderMenu(user: User | null, onLogout = vi.fn(), onOpenSettings = vi.fn()) {
  render(
    <SidebarProvider>
      <NavUser user={user} onLogout={onLogout} onOpenSettings={onOpenSettings} />
    </SidebarProvider>,
  );
  return { trigger: screen.getByRole('button'), onLogout, onOpenSettings };
}

describe('NavUser', () => {
  it('shows name, email and initials', () => {
    const { trigger } = renderMenu(makeUser({ first_name: 'ada', last_name: 'lovelace' }));
    expect(within(trigger).getByText('ada lovelace')).toBeInTheDocument();
    expect(within(trigger).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(trigger).getByText('AL')).toBeInTheDocument();
    expect(trigger).toHaveAccessibleName(/ada lovelace/);
  });

  it('uses the first name alone when there is no last name', () => {
    const { trigger } = renderMenu(makeUser({ first_name: 'ada', last_name: '' }));
    expect(within(trigger).getByText('ada')).toBeInTheDocument();
    expect(within(trigger).getByText('A')).toBeInTheDocument();
  });

  it('falls back to the email for name and initials', () => {
    const { trigger } = renderMenu(
      makeUser({ first_name: '', last_name: '', email: 'grace@example.com' }),
    );
    expect(within(trigger).getByText('grace')).toBeInTheDocument();
    expect(within(trigger).getByText('G')).toBeInTheDocument();
  });

  it('says "User", "U" and "No email" when nothing is known', () => {
    const { trigger } = renderMenu(makeUser({ first_name: '', last_name: '', email: '' }));
    expect(within(trigger).getByText('User')).toBeInTheDocument();
    expect(within(trigger).getByText('U')).toBeInTheDocument();
    expect(within(trigger).getByText('No email')).toBeInTheDocument();
  });

  it('shows "Loading..." while the user is not loaded', () => {
    const { trigger } = renderMenu(null);
    expect(within(trigger).getByText('Loading...')).toBeInTheDocument();
    expect(within(trigger).queryByText('No email')).not.toBeInTheDocument();
  });

  it('logs out from the menu', async () => {
    const actor = userEvent.setup();
    const { trigger, onLogout } = renderMenu(makeUser());
    await actor.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Ada Lovelace');
    await actor.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('opens the settings from the menu', async () => {
    const actor = userEvent.setup();
    const { trigger, onOpenSettings, onLogout } = renderMenu(makeUser());
    await actor.click(trigger);
    await actor.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    expect(onOpenSettings).toHaveBeenCalledTimes(1);
    expect(onLogout).not.toHaveBeenCalled();
  });
});
