import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine } from './csv.js';

/** A strict RFC 4180 reader for one or more CRLF-terminated records; throws on malformed input. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted cell');
        if (text[i] === '"') {
          if (text[i + 1] !== '"') break;
          cell += '"';
          i += 2;
        } else {
          cell += text.charAt(i++);
        }
      }
      i++;
    } else {
      while (i < text.length && !/[",\r\n]/.test(text.charAt(i))) cell += text.charAt(i++);
    }
    cells.push(cell);
    if (text[i] === ',') {
      i++;
    } else if (text.startsWith('\r\n', i)) {
      i += 2;
      records.push(cells);
      cells = [];
      if (i === text.length) return records;
    } else {
      throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`);
    }
  }
}

const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];

describe('csvCell', () => {
  it('writes plain text, numbers and booleans as they are', () => {
    expect(csvCell('hello')).toBe('hello');
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(2.5)).toBe('2.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes commas, quotes, line breaks and edge spaces', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('neutralises text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });
});

describe('csvLine', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('keeps the BOM a single U+FEFF', () => {
    expect(CSV_BOM).toBe('\uFEFF');
  });
});

describe('CSV round trip (property)', () => {
  const tricky = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '\r\n', ',', '"', ' ', "'");
  const text = fc.oneof(
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: fc.oneof(tricky, fc.string({ unit: 'binary', maxLength: 1 })) }),
    fc.tuple(tricky, fc.string({ unit: 'binary' })).map(([head, tail]) => head + tail),
  );
  const cell = fc.oneof(text, fc.integer(), fc.double({ noNaN: true }), fc.boolean());

  it('parses back to the same cells, neutralised text prefixed with a quote', () => {
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 8 }), (cells) => {
        const parsed = parseCsv(csvLine(cells))[0] ?? [];
        const expected = cells.map((value) => {
          if (typeof value !== 'string') return String(value);
          return FORMULA_START.some((c) => value.startsWith(c)) ? `'${value}` : value;
        });
        expect(parsed).toEqual(expected);
        for (const [i, value] of parsed.entries()) {
          if (typeof cells[i] === 'string') {
            expect(FORMULA_START.some((c) => value.startsWith(c))).toBe(false);
          }
        }
      }),
      { seed: 4180, numRuns: 2000 },
    );
  });
});
