import { describe, expect, it } from 'vitest';
import { formatCost, formatTokens, formatTokensShort, percentOf } from './format-spend';

describe('formatCost', () => {
  it('shows cents from a dollar, two significant digits below, never nothing', () => {
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(2.549)).toBe('$2.55');
    expect(formatCost(0.3)).toBe('$0.30');
    expect(formatCost(0.0123)).toBe('$0.012');
    expect(formatCost(0.00034)).toBe('$0.0003');
    expect(formatCost(0.00001)).toBe('<$0.0001');
  });
});

describe('token figures', () => {
  it('are exact with separators, or short', () => {
    expect(formatTokens(1234567)).toBe('1,234,567');
    expect(formatTokensShort(1234567)).toBe('1.2M');
    expect(formatTokensShort(950)).toBe('950');
  });

  it('give a share of a budget within 0 to 100', () => {
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(500, 200)).toBe(100);
    expect(percentOf(1, 0)).toBe(100);
  });
});
