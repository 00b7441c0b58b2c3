import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine, readCsvText, writtenCell } from './csv.js';

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

/** What the property expects neutralised: see the cases above. */
function looksLikeFormula(text: string) {
  const seen = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}]/u.exec(text)?.[0];
  return /^[\t\r]/.test(text) || '=+-@'.includes(seen?.normalize('NFKC')[0] ?? 'x');
}

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

  // Spreadsheets read the full-width and small forms as =+-@, and skip what they trim or cannot
  // see before the first character.
  it.each([
    ['full-width equals', '＝SUM(A1:A2)'],
    ['full-width plus', '＋1'],
    ['full-width minus', '－1'],
    ['full-width at', '＠cmd'],
    ['small equals', '﹦1+1'],
    ['small plus', '﹢1'],
    ['small minus', '﹣1'],
    ['small at', '﹫cmd'],
    ['superscript equals', '⁼1+1'],
    ['zero-width space', '\u200B=1+1'],
    ['zero-width joiner', '\u200D+1'],
    ['byte order mark', '\uFEFF=1+1'],
    ['word joiner', '\u2060@cmd'],
    ['right-to-left override', '\u202E=1+1'],
    ['left-to-right isolate', '\u2066-1'],
    ['soft hyphen', '\u00AD=1+1'],
    ['variation selector', '\uFE0F@cmd'],
    ['control character', '\u0007=1+1'],
    ['leading space', ' =1+1'],
    ['no-break space', '\u00A0@cmd'],
    ['ideographic space, full-width equals', '\u3000＝1+1'],
    ['line break', '\n=1+1'],
    ['several invisible characters', '\u200B\u2060\uFEFF＝1+1'],
  ])('neutralises a %s', (_name, text) => {
    expect(parseCsv(csvLine([text]))).toEqual([[`'${text}`]]);
  });

  it.each([
    ['ordinary text', 'Ship it on Friday'],
    ['a formula character later', 'a=b, or x + y - z @ noon'],
    ['an email address', 'ann@example.com'],
    ['an emoji', '👍 great'],
    ['an emoji then a formula character', '👍=1+1'],
    ['a lone leading space before a letter', ' hello'],
    ['a zero-width space before a letter', '\u200Bhello'],
    ['only invisible characters', '\u200B\uFEFF'],
    ['full-width digits', '２＋２'],
    ['an accented letter', 'é=1'],
  ])('leaves %s as it is', (_name, text) => {
    expect(parseCsv(csvLine([text]))).toEqual([[text]]);
  });
});

describe('readCsvText', () => {
  it.each([
    ['a formula', "=cmd|' /C calc'!A0"],
    ['a plus sign', '+1'],
    ['a minus sign', '-2'],
    ['an at sign', '@SUM(1)'],
    ['a zero-width space before a formula', '\u200B=1+1'],
    ['text that starts with a quote and a formula', "'=1"],
    ['text that starts with quotes and a formula', "''+1"],
    ['text that starts with a quote', "'tis the season"],
    ['plain text', 'Ship it on Friday'],
  ])('gives back %s as csvCell was given it', (_name, text) => {
    const cell = parseCsv(csvLine([text]))[0]?.[0] ?? '';
    expect(readCsvText(cell)).toBe(text);
  });

  it('keeps a quote that csvCell did not add', () => {
    expect(readCsvText("'tis")).toBe("'tis");
    expect(readCsvText("'")).toBe("'");
    expect(csvCell("'=1")).toBe("''=1");
  });
});

describe('csvLine', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('puts a cell written once as csvCell wrote it, on every line', () => {
    const title = writtenCell('=Ideas, "all"');
    expect(csvLine([1, title])).toBe(`1,"'=Ideas, ""all"""\r\n`);
    expect(csvLine([2, title])).toBe(`2,${csvCell('=Ideas, "all"')}\r\n`);
    expect(csvLine([writtenCell(''), writtenCell(-1)])).toBe(',-1\r\n');
  });

  it('keeps the BOM a single U+FEFF', () => {
    expect(CSV_BOM).toBe('\uFEFF');
  });
});

describe('CSV round trip (property)', () => {
  const tricky = fc.constantFrom(
    ...['=', '+', '-', '@', '\t', '\r', '\n', '\r\n', ',', '"', ' ', "'"],
    ...['＝', '＋', '－', '＠', '﹦', '\u200B', '\uFEFF', '\u202E', '\u00AD', '\u3000', '\u0007'],
  );
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
          return looksLikeFormula(value.replace(/^'+/, '')) ? `'${value}` : value;
        });
        expect(parsed).toEqual(expected);
        for (const [i, value] of parsed.entries()) {
          if (typeof cells[i] !== 'string') continue;
          expect(looksLikeFormula(value)).toBe(false);
          expect(readCsvText(value), 'read back as it was written').toBe(cells[i]);
        }
      }),
      { seed: 4180, numRuns: 2000 },
    );
  });
});
