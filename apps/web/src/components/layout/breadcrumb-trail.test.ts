import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from './breadcrumb-trail';

describe('breadcrumbTrail', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/projects', 'Projects'],
    ['/projects/', 'Projects'],
    ['/brainstorms', 'Brainstorms'],
    ['/brainstorms/', 'Brainstorms'],
    ['/saved', 'Saved Ideas'],
    ['/insights', 'Insights'],
    ['/team', 'Team'],
    ['/webhooks', 'Webhooks'],
  ])('%s is a single label: %s', (pathname, label) => {
    expect(breadcrumbTrail(pathname)).toEqual([{ label }]);
  });

  it('nests a brainstorm under Home and Brainstorms', () => {
    expect(breadcrumbTrail('/brainstorms/42/')).toEqual([
      { label: 'Home', href: '/dashboard' },
      { label: 'Brainstorms', href: '/brainstorms' },
      { label: 'Brainstorm 42' },
    ]);
  });

  it('adds Review Ideas under its brainstorm, which becomes a link', () => {
    expect(breadcrumbTrail('/brainstorms/42/review')).toEqual([
      { label: 'Home', href: '/dashboard' },
      { label: 'Brainstorms', href: '/brainstorms' },
      { label: 'Brainstorm 42', href: '/brainstorms/42' },
      { label: 'Review Ideas' },
    ]);
  });

  it.each([
    ['themes', 'Themes'],
    ['matrix', 'Matrix'],
    ['ranking', 'Ranking'],
  ])('adds the sense-making page %s under its brainstorm', (page, label) => {
    expect(breadcrumbTrail(`/brainstorms/42/${page}`).slice(2)).toEqual([
      { label: 'Brainstorm 42', href: '/brainstorms/42' },
      { label },
    ]);
  });

  it('names no page for an address it does not know', () => {
    expect(breadcrumbTrail('/brainstorms/42/constructor')).toEqual([]);
  });

  it('names a project by its name once its page has loaded it', () => {
    expect(breadcrumbTrail('/projects/7', 'Onboarding')).toEqual([
      { label: 'Projects', href: '/projects' },
      { label: 'Onboarding' },
    ]);
  });

  it('nests a project under Projects', () => {
    expect(breadcrumbTrail('/projects/7')).toEqual([
      { label: 'Projects', href: '/projects' },
      { label: 'Project 7' },
    ]);
  });

  it.each(['/', '/login', '/unknown', '/brainstorms/42/other', '/projects/7/extra'])(
    '%s has no trail',
    (pathname) => {
      expect(breadcrumbTrail(pathname)).toEqual([]);
    },
  );
});
