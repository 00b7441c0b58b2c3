/**
 * Dollars with the precision a figure needs: cents from a dollar up, four significant digits
 * below it (a cheap model's idea costs a fraction of a cent), 0 as $0.00.
 */
export function formatCost(dollars: number): string {
  if (dollars === 0) return '$0.00';
  if (Math.abs(dollars) >= 1) {
    return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  }
  return `$${dollars.toLocaleString('en-US', { maximumSignificantDigits: 4 })}`;
}

export const formatCount = (value: number) => value.toLocaleString('en-US');
