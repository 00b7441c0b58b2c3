import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH, passwordProblems } from './passwords.js';

const TOO_COMMON = 'This password is too common.';

describe('passwordProblems', () => {
  it.each(['password1', 'sunshine', 'Starwars', 'jennifer1', 'iloveyou1', 'qwertyuiop'])(
    'refuses %s, from the shipped list of common passwords',
    (password) => {
      expect(passwordProblems(password)).toContain(TOO_COMMON);
    },
  );

  it("refuses the product's name and a repeated character", () => {
    expect(passwordProblems('IdeaForge')).toContain(TOO_COMMON);
    expect(passwordProblems('aaaaaaaaaaaa')).toContain(TOO_COMMON);
  });

  it('accepts a long, uncommon password', () => {
    expect(passwordProblems('violet-harbour-tangent-47', 'ada@example.com')).toEqual([]);
  });

  it('refuses a short one, whatever else it is', () => {
    expect(passwordProblems('x7#kQ2')).toEqual([
      `This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`,
    ]);
  });

  it('refuses one that is all digits or contains the email name', () => {
    expect(passwordProblems('48151623420')).toContain('This password is entirely numeric.');
    expect(passwordProblems('ada-lovelace-1815', 'lovelace@example.com')).toContain(
      'This password is too similar to the email address.',
    );
  });
});
