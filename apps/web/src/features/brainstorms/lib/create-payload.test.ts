import { describe, expect, it } from 'vitest';
import {
  createPayload,
  DERIVED_TITLE_LENGTH,
  splitThemes,
  titleFromProblem,
} from './create-payload';

describe('create payload', () => {
  it('splits themes on commas, trimming each and dropping empty ones', () => {
    expect(splitThemes(' a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitThemes(' , ')).toEqual([]);
  });

  it('titles a brainstorm with its problem, without the question around it', () => {
    expect(titleFromProblem('  How might we make Monday mornings better?  ')).toBe(
      'Make Monday mornings better',
    );
    expect(titleFromProblem('how can we, as a team, ship faster?')).toBe('As a team, ship faster');
    expect(titleFromProblem('What if we   met less.')).toBe('Met less');
    expect(titleFromProblem('Short problem')).toBe('Short problem');
    // Only a whole opening: "we" is not the start of "weasels".
    expect(titleFromProblem('How might weasels sleep?')).toBe('How might weasels sleep');
    expect(titleFromProblem('How might we?')).toBe('How might we?');
  });

  it('cuts a long problem at a word, well short of the whole question', () => {
    const problem =
      'How might we help teenagers sleep more on school nights without taking their phones away?';
    const title = titleFromProblem(problem);
    expect(title).toBe('Help teenagers sleep more on school nights without taking…');
    expect(title.length).toBeLessThanOrEqual(DERIVED_TITLE_LENGTH + 1);
    expect(titleFromProblem('x'.repeat(100))).toBe(`X${'x'.repeat(DERIVED_TITLE_LENGTH - 1)}…`);
  });

  it('keeps a title given in the form, trimmed', () => {
    expect(
      createPayload({ title: '  Mondays  ', problem: 'How might we?', themes: '', type: 'classic' })
        .title,
    ).toBe('Mondays');
    expect(
      createPayload({ title: '   ', problem: 'Why?', themes: '', type: 'classic' }).title,
    ).toBe('Why');
  });

  it('sends the type at the top level and in the parameters', () => {
    expect(createPayload({ problem: ' Why? ', themes: 'one', type: 'classic' })).toEqual({
      title: 'Why',
      description: '',
      type: 'classic',
      parameters: { problem: 'Why?', themes: ['one'], type: 'classic' },
      project: null,
    });
  });
});
