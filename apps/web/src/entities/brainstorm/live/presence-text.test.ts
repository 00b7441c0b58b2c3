import { describe, expect, it } from 'vitest';
import { newIdeasText } from './new-ideas-text';
import { presenceText } from './presence-text';

import type { PresenceUser } from './events';

const self: PresenceUser = { id: 1, name: 'Ada', on: ['review'] };
const ana: PresenceUser = { id: 2, name: 'Ana', on: ['review'] };
const ben: PresenceUser = { id: 3, name: 'Ben', on: ['review'] };
const cy: PresenceUser = { id: 4, name: 'Cy', on: ['review'] };

describe('presenceText', () => {
  it('names the others, never the caller, and nothing when the caller is alone', () => {
    expect(presenceText([self], 1)).toBeNull();
    expect(presenceText([], 1)).toBeNull();
    expect(presenceText([self, ana], 1)).toBe('Ana reviewing');
    expect(presenceText([ana, self, ben], 1)).toBe('Ana and Ben reviewing');
    expect(presenceText([self, ana, ben, cy], 1)).toBe('Ana and 2 others reviewing');
    expect(presenceText([{ id: 5, name: ' ', on: ['review'] }], 1)).toBe('Someone reviewing');
  });

  it('says which page each is on, and every page of one with several tabs', () => {
    const onThemes = { ...ben, on: ['themes'] } satisfies PresenceUser;
    expect(presenceText([self, { ...ana, on: ['ranking'] }], 1)).toBe('Ana on the ranking');
    expect(presenceText([self, { ...ana, on: ['review', 'themes'] }], 1)).toBe(
      'Ana reviewing and on themes',
    );
    expect(presenceText([self, ana, onThemes], 1)).toBe('Ana reviewing, Ben on themes');
    expect(presenceText([self, ana, onThemes, cy], 1)).toBe(
      'Ana reviewing, Ben on themes and 1 other',
    );
    expect(presenceText([ana, onThemes, cy, { ...self, id: 9 }], 1)).toBe(
      'Ana reviewing, Ben on themes and 2 others',
    );
    expect(
      presenceText(
        [
          { ...ana, on: ['matrix'] },
          { ...ben, on: ['brainstorm'] },
        ],
        1,
      ),
    ).toBe('Ana on the matrix, Ben on the brainstorm');
    expect(presenceText([{ ...ana, on: [] }], 1)).toBe('Ana viewing');
  });
});

describe('newIdeasText', () => {
  it('says one idea or several', () => {
    expect(newIdeasText(1)).toBe('1 new idea');
    expect(newIdeasText(3)).toBe('3 new ideas');
  });
});
