import {
  Bookmark,
  ChartColumn,
  FolderKanban,
  LayoutDashboard,
  Lightbulb,
  Users,
  Webhook,
  type LucideIcon,
} from 'lucide-react';

export interface NavSubItem {
  title: string;
  url: string;
}

export interface NavItem {
  title: string;
  url: string;
  icon?: LucideIcon;
  isActive?: boolean;
  items?: NavSubItem[];
  /** Shown to staff only. */
  staffOnly?: boolean;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

export const navGroups: NavGroup[] = [
  {
    label: 'Workspace',
    items: [
      { title: 'Dashboard', url: '/dashboard', icon: LayoutDashboard },
      { title: 'Brainstorms', url: '/brainstorms', icon: Lightbulb },
      { title: 'Projects', url: '/projects', icon: FolderKanban },
      { title: 'Saved', url: '/saved', icon: Bookmark },
      { title: 'Insights', url: '/insights', icon: ChartColumn },
      { title: 'Team', url: '/team', icon: Users, staffOnly: true },
      { title: 'Webhooks', url: '/webhooks', icon: Webhook, staffOnly: true },
    ],
  },
];

/** The groups as a user sees them: staff-only items left out for everyone else. */
export function navGroupsFor(isStaff: boolean): NavGroup[] {
  return navGroups.map((group) => ({
    ...group,
    items: group.items.filter((item) => isStaff || !item.staffOnly),
  }));
}

export function isPathActive(pathname: string, url: string) {
  return pathname === url || pathname.startsWith(`${url}/`);
}

export function isItemActive(pathname: string, item: NavItem) {
  return (
    item.isActive ??
    (isPathActive(pathname, item.url) ||
      (item.items ?? []).some((child) => isPathActive(pathname, child.url)))
  );
}
