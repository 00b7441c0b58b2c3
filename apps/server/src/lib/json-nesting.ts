/** The deepest nesting of arrays and objects a JSON body may have; the API's own need 4. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * True when JSON text nests arrays and objects deeper than `limit`, found in one pass over the
 * text before it is parsed: parsing and walking a value nested thousands deep costs time that
 * grows faster than its size, and past some depth a stack overflow. Brackets inside strings do
 * not count; malformed text is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // Skip the string: to the next quote that no backslash escapes.
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE) break;
      }
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
