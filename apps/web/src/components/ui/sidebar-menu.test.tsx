import { render, screen } from '@testing-library/react';
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
  it('is the title when the sidebar is collapsed to icons', () => {
    expect(renderButton(false)).toHaveAttribute('title', 'Saved ideas');
  });

  it('is left out while the sidebar is expanded', () => {
    expect(renderButton(true)).not.toHaveAttribute('title');
  });
});
