import { z } from 'zod';

// What PostgreSQL's timestamptz and JavaScript's Date both hold, written as ISO 8601 years.
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');
const OUT_OF_RANGE = 'Enter a date between 0001-01-01 and 9999-12-31.';

/**
 * A query bound given as a date (the whole day, UTC) or a date-time with an offset. A date
 * starts its day; as an `end` bound it reaches through the day. Moments outside the years
 * 1–9999 are refused here, before any SQL runs.
 */
export function dateBoundParam(edge: 'start' | 'end') {
  return z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: 'Enter a valid date or date-time (ISO 8601).',
    })
    .transform((value, ctx) => {
      const isDay = value.length === 10;
      const moment = Date.parse(isDay ? `${value}T00:00:00.000Z` : value);
      if (!(moment >= EARLIEST && moment <= LATEST)) {
        ctx.addIssue({ code: 'custom', message: OUT_OF_RANGE });
        return z.NEVER;
      }
      if (!isDay || edge === 'start') return new Date(moment);
      const nextDay = new Date(moment);
      nextDay.setUTCDate(nextDay.getUTCDate() + 1);
      return new Date(Math.min(nextDay.getTime(), LATEST));
    });
}
