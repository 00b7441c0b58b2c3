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
  insights: 'Insights',
  about: 'About',
  settings: 'Settings',
  team: 'Team',
  webhooks: 'Webhooks',
};

/** A brainstorm's own pages, by the last part of their address. */
const brainstormPages = new Map([
  ['review', 'Review Ideas'],
  ['themes', 'Themes'],
  ['matrix', 'Matrix'],
  ['ranking', 'Ranking'],
]);

/** `pageName` is the page's own name once loaded (a project's): shown instead of its number. */
export function breadcrumbTrail(pathname: string, pageName?: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const [section = '', id, page, pageId] = segments;

  if (segments.length === 1) {
    const label = singlePages[section];
    return label ? [{ label }] : [];
  }

  if (section === 'projects' && segments.length === 2) {
    return [{ label: 'Projects', href: '/projects' }, { label: pageName ?? `Project ${id}` }];
  }

  if (section === 'brainstorms' && id) {
    const trail: Crumb[] = [
      { label: 'Home', href: '/dashboard' },
      { label: 'Brainstorms', href: '/brainstorms' },
    ];
    if (segments.length === 2) return [...trail, { label: `Brainstorm ${id}` }];
    const label = page === undefined ? undefined : brainstormPages.get(page);
    if (segments.length === 3 && label) {
      return [...trail, { label: `Brainstorm ${id}`, href: `/brainstorms/${id}` }, { label }];
    }
    if (segments.length === 4 && page === 'ideas') {
      return [
        ...trail,
        { label: `Brainstorm ${id}`, href: `/brainstorms/${id}` },
        { label: `Idea ${pageId ?? ''}` },
      ];
    }
  }

  return [];
}
