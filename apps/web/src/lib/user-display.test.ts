import { describe, expect, it } from 'vitest';
import {
  PLACEHOLDER_AVATAR,
  userAvatarUrl,
  userDisplayName,
  userEmailLabel,
  userInitials,
  userWelcomeName,
} from './user-display';

describe('userDisplayName', () => {
  it.each([
    [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }, 'Ada Lovelace'],
    [{ first_name: 'Ada', last_name: '', email: 'ada@example.com' }, 'Ada'],
    [{ first_name: '', last_name: 'Lovelace', email: 'countess@example.com' }, 'countess'],
    [{ first_name: '  ', last_name: '', email: 'ada@example.com' }, 'ada'],
    [{ first_name: '', last_name: '', email: '' }, 'User'],
    [{ first_name: '', last_name: '', email: '@example.com' }, 'User'],
    [{}, 'User'],
    [null, 'User'],
  ])('%o → %s', (user, expected) => {
    expect(userDisplayName(user)).toBe(expected);
  });
});

describe('userInitials', () => {
  it.each([
    [{ first_name: 'ada', last_name: 'lovelace', email: 'x@example.com' }, 'AL'],
    [{ first_name: 'ada', last_name: '', email: 'x@example.com' }, 'A'],
    [{ first_name: '', last_name: 'lovelace', email: 'xavier@example.com' }, 'X'],
    [{ first_name: '', last_name: '', email: '' }, 'U'],
    [undefined, 'U'],
  ])('%o → %s', (user, expected) => {
    expect(userInitials(user)).toBe(expected);
  });
});

describe('userEmailLabel', () => {
  it('shows the email, or "No email" when there is none', () => {
    expect(userEmailLabel({ email: 'ada@example.com' })).toBe('ada@example.com');
    expect(userEmailLabel({ email: '' })).toBe('No email');
    expect(userEmailLabel(null)).toBe('No email');
  });
});

describe('userWelcomeName', () => {
  it("prefers the server's name, then the naming rule", () => {
    expect(userWelcomeName({ name: 'Countess Ada', first_name: 'Ada', last_name: 'L' })).toBe(
      'Countess Ada',
    );
    expect(userWelcomeName({ name: '', first_name: 'Ada', last_name: 'Lovelace' })).toBe(
      'Ada Lovelace',
    );
    expect(userWelcomeName(null)).toBe('User');
  });
});

describe('userAvatarUrl', () => {
  it('falls back to the placeholder image', () => {
    expect(userAvatarUrl({ avatar: '/media/ada.png' })).toBe('/media/ada.png');
    expect(userAvatarUrl({ avatar: null })).toBe(PLACEHOLDER_AVATAR);
    expect(userAvatarUrl({ avatar: '' })).toBe(PLACEHOLDER_AVATAR);
    expect(userAvatarUrl(null)).toBe(PLACEHOLDER_AVATAR);
  });
});
