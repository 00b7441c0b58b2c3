import { parseArgs } from 'node:util';
import { ValidationError, type FieldErrors } from '../lib/errors.js';

export interface SeedOptions {
  brainstorms: number;
  ideas: number;
  users: number;
  seed: number;
}

const LIMITS = {
  brainstorms: { fallback: 20, min: 1, max: 10_000 },
  ideas: { fallback: 2_000, min: 1, max: 1_000_000 },
  users: { fallback: 10, min: 1, max: 1_000 },
  seed: { fallback: 1, min: 0, max: 2 ** 32 - 1 },
} as const;

type Name = keyof typeof LIMITS;

/** Parses `--brainstorms B --ideas N --users U [--seed S]`, listing every bad value at once. */
export function parseSeedOptions(args: string[]): SeedOptions {
  const { values } = parseArgs({
    args,
    options: {
      brainstorms: { type: 'string' },
      ideas: { type: 'string' },
      users: { type: 'string' },
      seed: { type: 'string' },
    },
    strict: true,
  });
  const errors: FieldErrors = {};
  const read = (name: Name): number => {
    const { fallback, min, max } = LIMITS[name];
    const raw = values[name];
    if (raw === undefined) return fallback;
    const value = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      errors[`--${name}`] = [
        `Must be a whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}; got '${raw}'.`,
      ];
    }
    return value;
  };
  const options = {
    brainstorms: read('brainstorms'),
    ideas: read('ideas'),
    users: read('users'),
    seed: read('seed'),
  };
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return options;
}
