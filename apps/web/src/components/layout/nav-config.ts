import { Bookmark, LayoutDashboard, Lightbulb, type LucideIcon } from 'lucide-react';

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
      { title: 'Saved', url: '/saved', icon: Bookmark },
    ],
  },
];

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
