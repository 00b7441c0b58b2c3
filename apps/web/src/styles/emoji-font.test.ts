// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REACTIONS } from '@/entities/idea/api/toggle-reaction';

const css = readFileSync(fileURLToPath(new URL('./globals.css', import.meta.url)), 'utf8');
const face = /@font-face\s*{[^}]*font-family:\s*'Ideaforge Emoji'[^}]*}/.exec(css)?.[0] ?? '';

/** The code points of a unicode-range such as `U+1F602, U+1F4A0-1F4AF`. */
function codePoints(range: string) {
  return range.split(',').flatMap((part) => {
    const [first = '', last = first] = part.trim().replace(/^U\+/i, '').split('-');
    const [from, to] = [parseInt(first, 16), parseInt(last, 16)];
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

describe("the 'Ideaforge Emoji' font face", () => {
  it('covers the emoji of every reaction', () => {
    const range = codePoints(/unicode-range:\s*([^;]+);/.exec(face)?.[1] ?? '');
    for (const { emoji } of REACTIONS) {
      for (const character of emoji) expect(range).toContain(character.codePointAt(0));
    }
  });

  it('loads a font file that is there, with its licence beside it', () => {
    const url = /src:\s*url\('([^']+)'\)/.exec(face)?.[1] ?? '';
    const file = new URL(url, import.meta.url);
    expect(url).toMatch(/\.woff2$/);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(new URL('OFL.txt', file))).toBe(true);
  });
});
