/** Ranks of the values, 1 for the largest, ties sharing the mean of their ranks. */
function ranks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => b.value - a.value);
  const result = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.value === order[start]?.value) end++;
    const mean = (start + end) / 2 + 1;
    for (let i = start; i <= end; i++) result[order[i]?.index ?? 0] = mean;
    start = end + 1;
  }
  return result;
}

/**
 * Spearman's rank correlation of two lists (ties averaged): 1 when they order the items alike,
 * -1 when reversed; null when fewer than two items or either list is all ties (no order to
 * compare).
 */
export function spearman(a: readonly number[], b: readonly number[]): number | null {
  if (a.length !== b.length || a.length < 2) return null;
  const ra = ranks(a);
  const rb = ranks(b);
  const mean = (a.length + 1) / 2;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < a.length; i++) {
    const da = (ra[i] ?? 0) - mean;
    const db = (rb[i] ?? 0) - mean;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  if (va === 0 || vb === 0) return null;
  return Math.round((cov / Math.sqrt(va * vb)) * 1000) / 1000;
}
