import { describe, expect, it } from 'vitest';
import { createPayload, splitThemes, titleFromProblem } from './create-payload';

describe('create payload', () => {
  it('splits themes on commas, trimming each and dropping empty ones', () => {
    expect(splitThemes(' a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitThemes(' , ')).toEqual([]);
  });

  it('titles a brainstorm with its problem, cut to 100 characters with an ellipsis', () => {
    expect(titleFromProblem('  Short problem  ')).toBe('Short problem');
    expect(titleFromProblem('x'.repeat(100))).toBe('x'.repeat(100));
    expect(titleFromProblem(`${'y'.repeat(100)}z`)).toBe(`${'y'.repeat(100)}…`);
  });

  it('sends the type at the top level and in the parameters', () => {
    expect(createPayload({ problem: ' Why? ', themes: 'one', type: 'classic' })).toEqual({
      title: 'Why?',
      description: '',
      type: 'classic',
      parameters: { problem: 'Why?', themes: ['one'], type: 'classic' },
    });
  });
});
