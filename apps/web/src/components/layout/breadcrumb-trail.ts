export interface Crumb {
  label: string;
  /** Absent on the current page. */
  href?: string;
}

const singlePages: Record<string, string> = {
  dashboard: 'Dashboard',
  projects: 'Projects',
  brainstorms: 'Brainstorms',
  saved: 'Saved Ideas',
  about: 'About',
  settings: 'Settings',
  team: 'Team',
};

export function breadcrumbTrail(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const [section = '', id, page] = segments;

  if (segments.length === 1) {
    const label = singlePages[section];
    return label ? [{ label }] : [];
  }

  if (section === 'projects' && segments.length === 2) {
    return [{ label: 'Projects', href: '/projects' }, { label: `Project ${id}` }];
  }

  if (section === 'brainstorms' && id) {
    const trail: Crumb[] = [
      { label: 'Home', href: '/dashboard' },
      { label: 'Brainstorms', href: '/brainstorms' },
    ];
    if (segments.length === 2) return [...trail, { label: `Brainstorm ${id}` }];
    if (segments.length === 3 && page === 'review') {
      return [
        ...trail,
        { label: `Brainstorm ${id}`, href: `/brainstorms/${id}` },
        { label: 'Review Ideas' },
      ];
    }
  }

  return [];
}
