import { describe, expect, it } from 'vitest';
import { oneTimePassword } from './one-time-password';

describe('oneTimePassword', () => {
  it('makes four groups of five unambiguous letters and digits, different each time', () => {
    const first = oneTimePassword('new@example.com');
    expect(first).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{5}(-[a-km-zA-HJ-NP-Z2-9]{5}){3}$/);
    expect(oneTimePassword('new@example.com')).not.toBe(first);
  });

  it('skips bytes that would bias the draw', () => {
    // 250 is past the last full run of the alphabet (224); 0 and 1 are 'a' and 'b'.
    const bytes = [250, 0, 1];
    let next = 0;
    const password = oneTimePassword('x@example.com', (length) =>
      Uint8Array.from({ length }, () => bytes[next++ % bytes.length] ?? 0),
    );
    expect(password.startsWith('ab')).toBe(true);
    expect(password).not.toContain('undefined');
  });

  it("draws again when the password holds the email's name", () => {
    // 'abc' first (the email's name), then 'xyz…' runs.
    const runs = [
      [0, 1, 2],
      [21, 22, 23],
    ];
    let call = 0;
    const password = oneTimePassword('ABC@example.com', (length) => {
      const run = runs[Math.min(call, runs.length - 1)] ?? [];
      call += 1;
      return Uint8Array.from({ length }, (_, i) => run[i % run.length] ?? 0);
    });
    expect(password.toLowerCase()).not.toContain('abc');
    expect(password.startsWith('xyz')).toBe(true);
  });
});
