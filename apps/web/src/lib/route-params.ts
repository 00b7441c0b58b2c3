import { notFound } from '@tanstack/react-router';

const ID = /^[1-9]\d{0,14}$/;

/** Route ids are positive integers; anything else names a page that does not exist. */
export function parseId(value: string) {
  if (!ID.test(value)) throw notFound();
  return Number(value);
}

export function idParam<Key extends string>(key: Key) {
  return {
    parse: (params: Record<Key, string>) =>
      ({ [key]: parseId(params[key]) }) as Record<Key, number>,
    stringify: (params: Record<Key, number>) =>
      ({ [key]: String(params[key]) }) as Record<Key, string>,
  };
}
