import { describe, expect, it } from 'vitest';
import { countNearDuplicates, isNearDuplicate, nearDuplicateTitles } from './similarity.js';

describe('nearDuplicateTitles', () => {
  it('pairs titles whose content words mostly overlap', () => {
    const titles = [
      'A buddy system for new hires',
      'Weekly demo day',
      'The buddy system for NEW hires!',
      'Buddy system for new hires and interns',
      'A shared onboarding checklist',
    ];
    // {buddy, system, new, hires} against {…, interns}: 4 of 5 words shared.
    expect(nearDuplicateTitles(titles)).toEqual([
      [0, 2],
      [0, 3],
      [2, 3],
    ]);
    expect(nearDuplicateTitles(titles, 0.9)).toEqual([[0, 2]]);
  });

  it('ignores case, punctuation and stop words, and counts identical text', () => {
    expect(isNearDuplicate('Don’t wait: ship it!', 'dont wait ship it')).toBe(true);
    expect(isNearDuplicate('The plan', 'A plan.')).toBe(true);
    expect(isNearDuplicate('To the', 'of a')).toBe(false);
    expect(isNearDuplicate('???', '!!!')).toBe(true);
    expect(isNearDuplicate('Mentoring circles', 'Mentoring wiki')).toBe(false);
  });

  it('finds nothing among distinct or too few titles', () => {
    expect(nearDuplicateTitles([])).toEqual([]);
    expect(nearDuplicateTitles(['One idea'])).toEqual([]);
    expect(nearDuplicateTitles(['Demo day', 'Buddy rota', 'Office hours'])).toEqual([]);
  });
});

describe('countNearDuplicates', () => {
  it('counts each title that repeats an earlier one once', () => {
    expect(countNearDuplicates(['Demo day', 'demo day', 'Demo day!', 'Buddy rota'])).toBe(2);
    expect(countNearDuplicates(['Demo day', 'Buddy rota', 'Office hours'])).toBe(0);
  });
});
