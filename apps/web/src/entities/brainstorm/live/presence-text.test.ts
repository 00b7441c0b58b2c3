import { describe, expect, it } from 'vitest';
import { newIdeasText } from './new-ideas-text';
import { presenceText } from './presence-text';

const self = { id: 1, name: 'Ada' };
const ana = { id: 2, name: 'Ana' };
const ben = { id: 3, name: 'Ben' };
const cy = { id: 4, name: 'Cy' };

describe('presenceText', () => {
  it('names the others, never the caller, and nothing when the caller is alone', () => {
    expect(presenceText([self], 1)).toBeNull();
    expect(presenceText([], 1)).toBeNull();
    expect(presenceText([self, ana], 1)).toBe('Ana reviewing');
    expect(presenceText([ana, self, ben], 1)).toBe('Ana and Ben reviewing');
    expect(presenceText([self, ana, ben, cy], 1)).toBe('Ana and 2 others reviewing');
    expect(presenceText([{ id: 5, name: ' ' }], 1)).toBe('Someone reviewing');
  });
});

describe('newIdeasText', () => {
  it('says one idea or several', () => {
    expect(newIdeasText(1)).toBe('1 new idea');
    expect(newIdeasText(3)).toBe('3 new ideas');
  });
});
