import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from './sidebar-menu';
import { SidebarProvider } from './sidebar-provider';

function renderButton(open: boolean) {
  render(
    <SidebarProvider defaultOpen={open}>
      <SidebarMenu>
        <SidebarMenuItem>
          <SidebarMenuButton tooltip="Saved ideas">Saved</SidebarMenuButton>
        </SidebarMenuItem>
      </SidebarMenu>
    </SidebarProvider>,
  );
  return screen.getByRole('button', { name: 'Saved' });
}

describe('SidebarMenuButton tooltip', () => {
  it('shows at once when the sidebar is collapsed to icons', async () => {
    const actor = userEvent.setup();
    await actor.hover(renderButton(false));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Saved ideas');
  });

  it('stays hidden while the sidebar is expanded', async () => {
    const actor = userEvent.setup();
    const button = renderButton(true);
    await actor.hover(button);
    expect(button).toHaveAttribute('data-state', 'delayed-open');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
