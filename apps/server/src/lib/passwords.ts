import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';

/** OWASP's minimum for argon2id: 19 MiB of memory, two passes, one lane. */
const HASH_OPTIONS = {
  type: argon2.argon2id as 2,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => argon2.hash(password, HASH_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so unknown emails cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * The 49,233 passwords found most often in breached password lists, as zxcvbn ships them, and
 * the product's own name. Checked case-insensitively; the list is lower case.
 */
const COMMON_PASSWORDS = new Set([...dictionary['passwords-common'], 'ideaforge']);

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

/** Returns the reasons a password is too weak; an empty list means it is acceptable. */
export function passwordProblems(password: string, email?: string): string[] {
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.push(
      `This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`,
    );
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    problems.push(
      `This password is too long. It must contain at most ${MAX_PASSWORD_LENGTH} characters.`,
    );
  }
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  if (COMMON_PASSWORDS.has(password.toLowerCase()) || /^(.)\1+$/.test(password)) {
    problems.push('This password is too common.');
  }
  const localPart = email?.split('@')[0]?.toLowerCase();
  if (localPart && localPart.length >= 3 && password.toLowerCase().includes(localPart)) {
    problems.push('This password is too similar to the email address.');
  }
  return problems;
}
