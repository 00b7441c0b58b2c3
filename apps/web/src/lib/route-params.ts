import { notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';

const idSchema = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), z.transform(Number));

/** Route ids are positive integers; anything else names a page that does not exist. */
export function parseId(value: string) {
  const result = idSchema.safeParse(value);
  if (!result.success) throw notFound();
  return result.data;
}

export function idParam<Key extends string>(key: Key) {
  return {
    parse: (params: Record<Key, string>) =>
      ({ [key]: parseId(params[key]) }) as Record<Key, number>,
    stringify: (params: Record<Key, number>) =>
      ({ [key]: String(params[key]) }) as Record<Key, string>,
  };
}
