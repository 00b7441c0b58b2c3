import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Lightbulb } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { SidebarProvider } from '@/components/ui/sidebar-provider';
import type { NavGroup } from './nav-config';
import { NavMain } from './nav-main';

const groups: NavGroup[] = [
  {
    label: 'Ideas',
    items: [
      {
        title: 'Brainstorms',
        url: '/brainstorms',
        icon: Lightbulb,
        items: [
          { title: 'All brainstorms', url: '/brainstorms' },
          { title: 'Archive', url: '/archive' },
        ],
      },
      {
        title: 'Settings',
        url: '/settings',
        items: [{ title: 'Profile', url: '/settings/profile' }],
      },
    ],
  },
];

async function renderAt(path: string) {
  const rootRoute = createRootRoute({
    component: () => (
      <SidebarProvider>
        <NavMain groups={groups} />
      </SidebarProvider>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '$' })]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  return screen.findByText('Ideas');
}

describe('NavMain', () => {
  it('opens the group of the active item and marks the active child', async () => {
    await renderAt('/archive');

    const brainstorms = screen.getByRole('button', { name: 'Brainstorms' });
    expect(brainstorms).toHaveAttribute('aria-expanded', 'true');
    expect(brainstorms).toHaveAttribute('data-active', 'true');
    expect(screen.getByRole('link', { name: 'Archive' })).toHaveAttribute('data-active', 'true');
    expect(screen.getByRole('link', { name: 'All brainstorms' })).toHaveAttribute(
      'data-active',
      'false',
    );

    const settings = screen.getByRole('button', { name: 'Settings' });
    expect(settings).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('opens and closes an item with children on click', async () => {
    const actor = userEvent.setup();
    await renderAt('/archive');

    await actor.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/settings/profile',
    );

    await actor.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });
});
