const tokens = new Intl.NumberFormat('en');
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** '1,234,567' */
export const formatTokens = (count: number) => tokens.format(count);

/** '1.2M', for a figure read at a glance; the exact one goes beside it for screen readers. */
export const formatTokensShort = (count: number) => compact.format(count);

/**
 * Dollars: cents from a dollar up ('$2.55'); below, two significant digits, at most four
 * decimals ('$0.012', '$0.0003'); '<$0.0001' for less, so a cost is never shown as nothing.
 */
export function formatCost(cost: number): string {
  if (cost === 0) return '$0.00';
  if (cost >= 1) return `$${cost.toFixed(2)}`;
  if (cost < 0.0001) return '<$0.0001';
  const decimals = Math.min(4, Math.max(2, 1 - Math.floor(Math.log10(cost))));
  return `$${cost.toFixed(decimals)}`;
}

/** Used of a budget, as a whole percentage between 0 and 100. */
export const percentOf = (used: number, budget: number) =>
  budget <= 0 ? 100 : Math.min(100, Math.round((used / budget) * 100));
