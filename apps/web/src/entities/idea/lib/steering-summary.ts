function noun(count: number) {
  return count === 1 ? 'idea' : 'ideas';
}

/**
 * 'Steered by 5 liked and 3 rejected ideas' (the noun agrees with the number next to it), or
 * null when no idea steers.
 */
export function steeringSummary(liked: number, rejected: number) {
  if (liked > 0 && rejected > 0) {
    return `Steered by ${String(liked)} liked and ${String(rejected)} rejected ${noun(rejected)}`;
  }
  if (liked > 0) return `Steered by ${String(liked)} liked ${noun(liked)}`;
  if (rejected > 0) return `Steered by ${String(rejected)} rejected ${noun(rejected)}`;
  return null;
}
