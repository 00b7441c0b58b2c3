import { describe, expect, it } from 'vitest';
import { pageTitle, titleHead } from './page-title';

describe('page titles', () => {
  it('name the page, then the app', () => {
    expect(pageTitle('Brainstorm 12')).toBe('Brainstorm 12 · Ideaforge');
    expect(pageTitle()).toBe('Ideaforge');
  });

  it('say Not Found for a route that could not find its page', () => {
    expect(titleHead('Project 7', { status: 'success' })).toEqual({
      meta: [{ title: 'Project 7 · Ideaforge' }],
    });
    expect(titleHead('Project 7', { status: 'notFound' })).toEqual({
      meta: [{ title: 'Not Found · Ideaforge' }],
    });
  });
});
