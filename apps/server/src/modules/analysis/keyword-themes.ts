/**
 * The offline provider's "Find themes": no language model, only the words the ideas share.
 * Ideas become TF-IDF vectors, spherical k-means groups them, and each theme is named by its
 * keywords and says so. Pure and deterministic: the same ideas, in any order, give the same
 * themes.
 */

export interface KeywordIdea {
  id: number;
  title: string;
  summary: string;
}

export interface KeywordThemes {
  themes: { name: string; description: string; ideas: number[] }[];
  unsorted: number[];
}

/** Fewer ideas than this: no themes at all, everything unsorted. */
const MIN_IDEAS = 6;
const MIN_K = 3;
const MAX_K = 12;
/** A theme keeps at least this many ideas, or it dissolves into `unsorted`. */
const MIN_THEME_SIZE = 2;
/**
 * An idea less similar (cosine) than this to the rest of its theme (the sum of the other
 * members' vectors) is left unsorted.
 */
const MIN_SIMILARITY = 0.1;
const MAX_ITERATIONS = 50;
/** At most this many ideas score each k's silhouette (every pair of them is compared). */
const SILHOUETTE_SAMPLE = 1000;
const SEED = 0x1dea;
const TITLE_WEIGHT = 2;
const NAME_KEYWORDS = 3;
const DESCRIPTION_KEYWORDS = 5;
const MAX_NAME = 80;
const MAX_DESCRIPTION = 300;
/** A keyword is shown at most this long, so three fit in a name and five in a description. */
const MAX_KEYWORD = 24;

/**
 * English stop words, words every brainstorm is full of ("idea", "new", "help", "people"), and a
 * few French, German and Spanish function words, so that none of them can name a theme.
 */
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been
  before being below between both but by can cannot could did do does doing don't down during each
  even ever every few for from further get gets getting give go going got had has have having he
  her here hers herself him himself his how however i if in into is isn't it its itself just
  keep let like lot lots many may me might more most much must my myself need needs no nor not
  now of off often on once one only or other others our ours ourselves out over own per put
  quite rather really same say see she should since so some something still such take than that
  the their theirs them themselves then there these they thing things this those through thus
  to too under until up upon us use used uses using very via want was way ways we well were
  what when where whether which while who whom whose why will with within without would yet you
  your yours yourself yourselves idea ideas make makes making new help helps helping people
  person everyone someone anyone user users allow allows let's better easy easier simple good
  great best able based kind sort etc
  avec pour dans une des les que qui sur par est und der die das für mit von den dem ein eine
  ist auf del los las para con por una`
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => word.replace(/'/g, '')),
);

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_RUNS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;

/**
 * Light stemming, enough for plurals and common verb forms to meet: "menus" → "menu",
 * "cities" → "city", "commuting" / "commuted" / "commute" → "commut".
 */
/** Japanese particles: a pair of characters with one of them in it is no word. */
const PARTICLES = /[のをにはがでともへや]/u;

/** Whether a keyword is a pair of characters both already in earlier keywords ("本料" after "日本 · 料理"). */
function overlapsEarlier(keyword: string, earlier: string[]): boolean {
  const chars = Array.from(keyword);
  return (
    chars.length === 2 &&
    CJK.test(keyword) &&
    chars.every((char) => earlier.some((word) => word.includes(char)))
  );
}

function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length - 3 >= 4) w = w.slice(0, -3);
  else if (w.endsWith('ed') && !w.endsWith('eed') && w.length - 2 >= 4) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** A token as [stem, surface form], or none when it is a stop word or too short. */
function terms(token: string): [string, string][] {
  if (!CJK.test(token)) {
    if (Array.from(token).length < 3 || STOP_WORDS.has(token)) return [];
    return [[stem(token), token]];
  }
  // Chinese and Japanese have no spaces between words: their runs count as overlapping pairs
  // of characters (the usual unit for them), which is why these may be two characters long.
  const found: [string, string][] = [];
  for (const [run = ''] of token.matchAll(CJK_RUNS)) {
    if (CJK.test(run)) {
      const chars = Array.from(run);
      if (chars.length === 1) continue;
      for (let i = 0; i + 1 < chars.length; i += 1) {
        const pair = `${chars[i] ?? ''}${chars[i + 1] ?? ''}`;
        if (!PARTICLES.test(pair)) found.push([pair, pair]);
      }
    } else {
      found.push(...terms(run));
    }
  }
  return found;
}

function tokens(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/['’]/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** A sparse vector: term index → weight. */
type Vector = Map<number, number>;

/** The same vector packed into typed arrays, for the loops that run thousands of times. */
interface Packed {
  terms: Int32Array;
  weights: Float64Array;
}

function pack(vector: Vector): Packed {
  return { terms: Int32Array.from(vector.keys()), weights: Float64Array.from(vector.values()) };
}

function dot({ terms, weights }: Packed, dense: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < terms.length; i += 1) {
    sum += (weights[i] ?? 0) * (dense[terms[i] ?? 0] ?? 0);
  }
  return sum;
}

function toDense({ terms, weights }: Packed, dimensions: number): Float64Array {
  const dense = new Float64Array(dimensions);
  terms.forEach((term, i) => {
    dense[term] = weights[i] ?? 0;
  });
  return dense;
}

function normaliseDense(dense: Float64Array): void {
  let norm = 0;
  for (const value of dense) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < dense.length; i += 1) dense[i] = (dense[i] ?? 0) / norm;
}

/** The seeded PRNG (mulberry32): numbers in [0, 1), the same ones for the same seed. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Clustering {
  assignment: number[];
  centroids: Float64Array[];
}

/** Seeds by k-means++ (with cosine distance), from a PRNG with a fixed seed. */
function seedCentroids(vectors: Packed[], k: number, dimensions: number): Float64Array[] {
  const random = mulberry32(SEED + k);
  const first = vectors[Math.floor(random() * vectors.length)] ?? pack(new Map());
  const centroids = [toDense(first, dimensions)];
  const best = vectors.map((vector) => dot(vector, centroids[0] ?? new Float64Array()));
  while (centroids.length < k) {
    const weights = best.map((similarity) => Math.max(0, 1 - similarity));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    if (total <= 1e-12) break; // Every idea already sits on a centre: fewer clusters it is.
    let target = random() * total;
    let chosen = weights.length - 1;
    for (let i = 0; i < weights.length; i += 1) {
      target -= weights[i] ?? 0;
      if (target < 0 && (weights[i] ?? 0) > 0) {
        chosen = i;
        break;
      }
    }
    const centroid = toDense(vectors[chosen] ?? pack(new Map()), dimensions);
    centroids.push(centroid);
    vectors.forEach((vector, i) => {
      best[i] = Math.max(best[i] ?? 0, dot(vector, centroid));
    });
  }
  return centroids;
}

/** Spherical k-means: cosine similarity to unit-length centroids, at most 50 rounds. */
function sphericalKMeans(vectors: Packed[], k: number, dimensions: number): Clustering {
  const centroids = seedCentroids(vectors, k, dimensions);
  const assignment = vectors.map(() => -1);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration += 1) {
    let changed = 0;
    vectors.forEach((vector, i) => {
      let bestCluster = 0;
      let bestSimilarity = -Infinity;
      centroids.forEach((centroid, c) => {
        const s = dot(vector, centroid);
        if (s > bestSimilarity) {
          bestSimilarity = s;
          bestCluster = c;
        }
      });
      if (assignment[i] !== bestCluster) {
        assignment[i] = bestCluster;
        changed += 1;
      }
    });
    if (changed === 0) break;
    // A cluster left empty keeps its centroid.
    const sums = centroids.map(() => new Float64Array(dimensions));
    const filled = centroids.map(() => false);
    vectors.forEach((vector, i) => {
      const c = assignment[i] ?? 0;
      const sum = sums[c];
      if (!sum) return;
      filled[c] = true;
      vector.terms.forEach((term, t) => {
        sum[term] = (sum[term] ?? 0) + (vector.weights[t] ?? 0);
      });
    });
    sums.forEach((sum, c) => {
      if (!filled[c]) return;
      normaliseDense(sum);
      centroids[c] = sum;
    });
  }
  return { assignment, centroids };
}

/**
 * The members similar enough to the rest of their cluster: each one's cosine similarity to the
 * sum of the others (leaving itself out, or every large cluster would look close to its members
 * through them alone), at least MIN_SIMILARITY. Those below leave, and the rest are measured
 * again without them, until none leaves.
 */
function closeMembers(group: number[], vectors: Vector[]): number[] {
  let members = group;
  for (;;) {
    const sum = new Map<number, number>();
    for (const position of members) {
      for (const [term, weight] of vectors[position] ?? []) {
        sum.set(term, (sum.get(term) ?? 0) + weight);
      }
    }
    let squared = 0;
    for (const weight of sum.values()) squared += weight * weight;
    const close = members.filter((position) => {
      let shared = 0;
      for (const [term, weight] of vectors[position] ?? []) shared += weight * (sum.get(term) ?? 0);
      // |sum − x|² = |sum|² − 2 sum·x + 1, as x has unit length.
      const rest = squared - 2 * shared + 1;
      return rest > 1e-12 && (shared - 1) / Math.sqrt(rest) >= MIN_SIMILARITY;
    });
    if (close.length === members.length || close.length < MIN_THEME_SIZE) return close;
    members = close;
  }
}

/** Pairwise cosine distances (1 − cos) among at most 1,000 evenly spaced ideas. */
interface Sample {
  positions: number[];
  distance: Float32Array;
}

function sampleDistances(vectors: Packed[]): Sample {
  const m = Math.min(vectors.length, SILHOUETTE_SAMPLE);
  const positions = Array.from({ length: m }, (_, i) => Math.floor((i * vectors.length) / m));
  const sampled = positions.map((position) => vectors[position] ?? pack(new Map()));
  // Only ideas sharing a term have a similarity above 0: an inverted index finds them.
  const postings = new Map<number, { idea: number; weight: number }[]>();
  sampled.forEach(({ terms, weights }, i) => {
    terms.forEach((term, t) => {
      const list = postings.get(term) ?? [];
      list.push({ idea: i, weight: weights[t] ?? 0 });
      postings.set(term, list);
    });
  });
  const distance = new Float32Array(m * m).fill(1);
  const similarity = new Float64Array(m);
  sampled.forEach(({ terms, weights }, i) => {
    distance[i * m + i] = 0;
    terms.forEach((term, t) => {
      const weight = weights[t] ?? 0;
      for (const other of postings.get(term) ?? []) {
        if (other.idea > i)
          similarity[other.idea] = (similarity[other.idea] ?? 0) + weight * other.weight;
      }
    });
    for (let j = i + 1; j < m; j += 1) {
      const s = similarity[j] ?? 0;
      if (s === 0) continue;
      distance[i * m + j] = 1 - s;
      distance[j * m + i] = 1 - s;
      similarity[j] = 0;
    }
  });
  return { positions, distance };
}

/**
 * The mean silhouette over the sample: for each idea, a = its mean distance to the rest of its
 * cluster, b = its mean distance to the nearest other cluster, s = (b − a) / max(a, b) (0 for an
 * idea alone in its cluster).
 */
function silhouette(sample: Sample, assignment: number[], k: number): number {
  const { positions, distance } = sample;
  const m = positions.length;
  const clusters = positions.map((position) => assignment[position] ?? 0);
  const sums = new Float64Array(k);
  const sizes = new Int32Array(k);
  let total = 0;
  for (let i = 0; i < m; i += 1) {
    sums.fill(0);
    sizes.fill(0);
    for (let j = 0; j < m; j += 1) {
      if (j === i) continue;
      const c = clusters[j] ?? 0;
      sums[c] = (sums[c] ?? 0) + (distance[i * m + j] ?? 0);
      sizes[c] = (sizes[c] ?? 0) + 1;
    }
    const own = clusters[i] ?? 0;
    if ((sizes[own] ?? 0) === 0) continue;
    const a = (sums[own] ?? 0) / (sizes[own] ?? 1);
    let b = Infinity;
    for (let c = 0; c < k; c += 1) {
      if (c !== own && (sizes[c] ?? 0) > 0) b = Math.min(b, (sums[c] ?? 0) / (sizes[c] ?? 1));
    }
    if (b === Infinity) continue;
    const spread = Math.max(a, b);
    total += spread > 0 ? (b - a) / spread : 0;
  }
  return total / m;
}

function clip(keyword: string): string {
  const chars = Array.from(keyword);
  return chars.length <= MAX_KEYWORD ? keyword : `${chars.slice(0, MAX_KEYWORD - 1).join('')}…`;
}

/** The text cut (between characters, never inside one) to at most `max` UTF-16 units. */
function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = '';
  for (const char of text) {
    if (cut.length + char.length > max) break;
    cut += char;
  }
  return cut;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Clusters ideas by the words they share (TF-IDF, cosine k-means, deterministic). */
export function clusterByKeywords(ideas: readonly KeywordIdea[]): KeywordThemes {
  const allUnsorted = () => ({ themes: [], unsorted: ideas.map((idea) => idea.id) });
  if (ideas.length < MIN_IDEAS) return allUnsorted();

  // Work in an order that does not depend on the input's, so shuffled ideas cluster alike.
  const order = ideas
    .map((idea, index) => ({ idea, index }))
    .sort(
      (a, b) =>
        a.idea.id - b.idea.id ||
        compareText(a.idea.title, b.idea.title) ||
        compareText(a.idea.summary, b.idea.summary) ||
        a.index - b.index,
    );

  // Term counts per idea (title words count twice) and each stem's surface forms.
  const surfaces = new Map<string, Map<string, number>>();
  const counts = order.map(({ idea }) => {
    const count = new Map<string, number>();
    const add = (text: string, weight: number) => {
      for (const token of tokens(text)) {
        for (const [term, surface] of terms(token)) {
          count.set(term, (count.get(term) ?? 0) + weight);
          const forms = surfaces.get(term) ?? new Map<string, number>();
          forms.set(surface, (forms.get(surface) ?? 0) + 1);
          surfaces.set(term, forms);
        }
      }
    };
    add(idea.title, TITLE_WEIGHT);
    add(idea.summary, 1);
    return count;
  });

  // Only words that at least two ideas use can be shared: the others are left out.
  const documentFrequency = new Map<string, number>();
  for (const count of counts) {
    for (const term of count.keys()) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  const vocabulary = [...documentFrequency]
    .filter(([, df]) => df >= 2)
    .map(([term]) => term)
    .sort(compareText);
  const termIndex = new Map(vocabulary.map((term, i) => [term, i]));

  // TF-IDF: sublinear tf (1 + ln tf), smoothed idf (ln((1 + n) / (1 + df)) + 1), unit length.
  const n = order.length;
  const vectors = counts.map((count) => {
    const vector: Vector = new Map();
    let norm = 0;
    for (const [term, tf] of count) {
      const index = termIndex.get(term);
      if (index === undefined) continue;
      const idf = Math.log((1 + n) / (1 + (documentFrequency.get(term) ?? 0))) + 1;
      const weight = (1 + Math.log(tf)) * idf;
      vector.set(index, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm);
    for (const [index, weight] of vector) vector.set(index, weight / norm);
    return vector;
  });

  // Ideas with no shared words take no part in the clustering.
  const usable = vectors.flatMap((vector, i) => (vector.size > 0 ? [i] : []));
  const usableVectors = usable.map((i) => pack(vectors[i] ?? new Map<number, number>()));

  // k: every k from 3 to min(12, ⌊usable ideas / 2⌋) (so each cluster could hold 2 ideas) is
  // tried, and the one with the best silhouette (cosine distance, over at most 1,000 evenly
  // spaced ideas so it stays cheap) wins; a tie goes to the smaller k. Clear topics make clear
  // winners; among ideas with no structure, whichever k wins, the similarity threshold and the
  // minimum size below still leave weak members unsorted.
  let best: Clustering | undefined;
  let bestScore = -Infinity;
  const maxK = Math.min(MAX_K, Math.floor(usable.length / MIN_THEME_SIZE));
  const sample = maxK >= MIN_K ? sampleDistances(usableVectors) : undefined;
  for (let k = MIN_K; sample && k <= maxK; k += 1) {
    const clustering = sphericalKMeans(usableVectors, k, vocabulary.length);
    const score = silhouette(sample, clustering.assignment, clustering.centroids.length);
    if (score > bestScore + 1e-9) {
      best = clustering;
      bestScore = score;
    }
  }

  // Members: close enough to the rest of their cluster, in clusters of at least two.
  const clusters = new Map<number, number[]>(); // cluster → positions in `order`
  usable.forEach((position, u) => {
    const cluster = best?.assignment[u];
    if (cluster === undefined) return;
    const group = clusters.get(cluster) ?? [];
    group.push(position);
    clusters.set(cluster, group);
  });
  const kept = [...clusters.values()]
    .map((group) => closeMembers(group, vectors))
    .filter((group) => group.length >= MIN_THEME_SIZE);

  const surfaceOf = (term: string) => {
    const forms = [...(surfaces.get(term) ?? new Map<string, number>())];
    forms.sort(([a, countA], [b, countB]) => countB - countA || compareText(a, b));
    return clip(forms[0]?.[0] ?? term);
  };

  // Each theme's keywords: its members' summed vectors, heaviest first.
  const drafts = kept.map((group) => {
    const weights = new Map<number, number>();
    for (const position of group) {
      for (const [term, weight] of vectors[position] ?? []) {
        weights.set(term, (weights.get(term) ?? 0) + weight);
      }
    }
    const keywords = [...weights]
      .sort(([a, wa], [b, wb]) => wb - wa || a - b)
      .map(([term]) => surfaceOf(vocabulary[term] ?? ''))
      .filter((keyword, i, all) => all.indexOf(keyword) === i)
      .filter((keyword, i, all) => !overlapsEarlier(keyword, all.slice(0, i)));
    const ids = group
      .map((position) => order[position])
      .flatMap((entry) => (entry ? [entry] : []))
      .sort((a, b) => a.index - b.index);
    return {
      keywords,
      baseName: keywords.slice(0, NAME_KEYWORDS).join(' · '),
      first: Math.min(...group),
      ids,
    };
  });
  drafts.sort(
    (a, b) =>
      b.ids.length - a.ids.length || compareText(a.baseName, b.baseName) || a.first - b.first,
  );

  // Names: the top keywords; a name already taken gets the next keyword, then a number.
  const taken = new Set<string>();
  const themes = drafts.map((draft) => {
    let used = Math.min(NAME_KEYWORDS, draft.keywords.length);
    let name = draft.keywords.slice(0, used).join(' · ');
    while (taken.has(name) && used < draft.keywords.length) {
      const longer = `${name} · ${draft.keywords[used] ?? ''}`;
      used += 1;
      if (longer.length > MAX_NAME) break;
      name = longer;
    }
    const base = name;
    for (let copy = 2; taken.has(name); copy += 1) {
      const suffix = ` (${copy})`;
      name = `${fit(base, MAX_NAME - suffix.length)}${suffix}`;
    }
    name = fit(name, MAX_NAME);
    taken.add(name);
    const listed = draft.keywords.slice(0, DESCRIPTION_KEYWORDS).join(', ');
    const description = fit(
      `Ideas sharing the words ${listed} (grouped by shared words, without a language model).`,
      MAX_DESCRIPTION,
    );
    return { name, description, ideas: draft.ids.map(({ idea }) => idea.id) };
  });

  const sorted = new Set(drafts.flatMap((draft) => draft.ids.map(({ index }) => index)));
  const unsorted = ideas.flatMap((idea, index) => (sorted.has(index) ? [] : [idea.id]));
  return { themes, unsorted };
}
