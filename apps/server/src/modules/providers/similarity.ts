const STOP_WORDS = new Set(
  'a an and as at by for from in into is it its of on or our the their this to with your'.split(
    ' ',
  ),
);

interface NormalisedTitle {
  text: string;
  words: Set<string>;
}

function normalise(title: string): NormalisedTitle {
  const text = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const words = new Set(text.split(' ').filter((word) => word !== '' && !STOP_WORDS.has(word)));
  return { text, words };
}

/** A title's content words: lowercased, without punctuation or stop words. */
export const contentWords = (title: string): ReadonlySet<string> => normalise(title).words;

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

function similar(a: NormalisedTitle, b: NormalisedTitle, threshold: number): boolean {
  return a.text === b.text || jaccard(a.words, b.words) >= threshold;
}

/** Whether two titles say nearly the same thing, by the measure nearDuplicateTitles uses. */
export function isNearDuplicate(a: string, b: string, threshold = 0.7): boolean {
  return similar(normalise(a), normalise(b), threshold);
}

/**
 * Pairs (i < j) of titles whose content words (lowercased, without punctuation or stop words)
 * overlap by a Jaccard similarity of at least `threshold`, or whose normalised text is the same.
 */
export function nearDuplicateTitles(titles: string[], threshold = 0.7): [number, number][] {
  const normalised = titles.map(normalise);
  const pairs: [number, number][] = [];
  normalised.forEach((later, j) => {
    normalised.slice(0, j).forEach((earlier, i) => {
      if (similar(earlier, later, threshold)) pairs.push([i, j]);
    });
  });
  return pairs;
}

/** How many titles are a near-duplicate of an earlier one. */
export function countNearDuplicates(titles: string[]): number {
  return new Set(nearDuplicateTitles(titles).map(([, j]) => j)).size;
}
