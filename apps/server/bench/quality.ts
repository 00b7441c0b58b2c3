/**
 * Quality benchmark (decision 025): how well near-duplicates are stacked and how varied the
 * ideas are. A model that repeats five ideas in light rewordings answers 50 ideas through the
 * API and the job queue: how many stand in the review queue, how many are stacked, whether any
 * stack mixes two different ideas, and the tokens spent per idea left standing. Then the
 * detector's precision and recall on the labelled pairs, and the offline provider's share of
 * distinct ideas among 50 and 500.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { DEFAULT_DUPLICATE_THRESHOLDS, loadConfig } from '../src/config.js';
import type { Database, Db } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { brainstorms } from '../src/db/schema/brainstorms.js';
import type { GenerationDto } from '../src/modules/generation/generation.schemas.js';
import { ideas } from '../src/db/schema/ideas.js';
import {
  accuracyAt,
  HELD_OUT_KINDS,
  loadHeldOutPairs,
  loadLabelledPairs,
  pairRows,
  scorePairs,
  type Accuracy,
  type HeldOutPair,
  type LabelledPair,
  type ScoredPair,
} from '../src/modules/ideas/near-duplicate-pairs.js';
import { closestIdeas, lexicalSimilarity } from '../src/modules/ideas/near-duplicates.js';
import { createUser } from '../src/modules/users/users.service.js';
import { startFakeLlmServer } from '../test/fake-llm-server.js';
import { measureOfflineVariety } from '../test/offline-variety.js';
import { baseOf, repeatingIdeas } from '../test/repeating-ideas.js';
import {
  formatCandidateRecall,
  measureCandidateRecall,
  type CandidateRecallResult,
} from './candidate-recall.js';
import { table } from './report.js';

const BASES = 5;
const PAIR_THRESHOLDS = [0.4, DEFAULT_DUPLICATE_THRESHOLDS.lexical, 0.6];

/**
 * The generation settings measured against the repeating model, one row each: variety 'high'
 * asks each slot for 3 candidates and keeps the least alike.
 */
const VARIETIES: { variety: string; payload: Record<string, unknown> }[] = [
  { variety: 'normal', payload: {} },
  { variety: 'high', payload: { variety: 'high' } },
];

export interface RepeatingRun {
  variety: string;
  ideas: number;
  /** Ideas not stacked: those that stand in the review queue. */
  inReview: number;
  stacked: number;
  /** Stacks (an original and what is stacked under it) holding rewordings of two bases. */
  mixedStacks: number;
  /** Input and output tokens of the whole generation. */
  tokens: number;
}

/** The detector's precision and recall on the labelled pairs, at each threshold measured. */
export interface PairsResult {
  count: number;
  duplicates: number;
  /** How the pairs were scored: each pair's similarity directly, or the stacking search's. */
  scored?: 'directly' | 'through the index';
  accuracy: Accuracy[];
}

/** One kind of the held-out pairs at the default threshold: how many it stacks, and the scores. */
export interface HeldOutKind {
  kind: HeldOutPair['kind'];
  duplicate: boolean;
  pairs: number;
  stacked: number;
  lowest: number;
  highest: number;
}

/** The held-out pairs (issue 38), scored as the first set is and never used to choose with. */
export interface HeldOutResult {
  count: number;
  topics: number;
  threshold: number;
  kinds: HeldOutKind[];
  accuracy: Accuracy;
}

/**
 * The lexical measures studied (issue 38): today's `similarity`; `word_similarity` taken both
 * ways, which asks how much of the shorter text the longer one holds and so forgives a clause
 * added; and the greater of the two.
 */
export const LEXICAL_MEASURES = ['similarity', 'word similarity', 'greatest'] as const;
export type LexicalMeasure = (typeof LEXICAL_MEASURES)[number];

/** A pair's score by each measure, 0–1. */
export type MeasureScores = Record<LexicalMeasure, number>;

/** One kind of pairs of a set: the lowest and highest score by each measure. */
export interface MeasureKind {
  set: 'tuning' | 'held-out';
  kind: string;
  duplicate: boolean;
  pairs: number;
  ranges: Record<LexicalMeasure, { lowest: number; highest: number }>;
}

/** A measure at the threshold of its best F1 on the tuning set, on both sets. */
export interface MeasureChoice {
  measure: LexicalMeasure;
  threshold: number;
  tuningF1: number;
  tuning: Accuracy;
  heldOut: Accuracy;
}

export interface MeasureStudy {
  kinds: MeasureKind[];
  choices: MeasureChoice[];
}

export interface QualityResult {
  database: string;
  repeating: RepeatingRun[];
  pairs: PairsResult;
  heldOut: HeldOutResult;
  measures: MeasureStudy;
  candidateRecall: CandidateRecallResult;
  offline: { ideas: number; distinct: number; share: number }[];
}

export interface QualityOptions {
  /**
   * Fewer ideas everywhere (10 from the repeating model, 20 offline, 100 distractors a pair
   * instead of 1,000): for the smoke test.
   */
  smoke?: boolean;
}

/** Scores the labelled pairs on the database: precision and recall at 0.4, the default and 0.6. */
export async function measureLabelledPairs(
  db: Db,
  how: PairsResult['scored'] = 'directly',
): Promise<PairsResult> {
  const labelled = loadLabelledPairs();
  const scored =
    how === 'directly' ? await scorePairs(db, labelled) : await scorePairsByIndex(db, labelled);
  return {
    count: labelled.length,
    duplicates: labelled.filter((pair) => pair.duplicate).length,
    scored: how,
    accuracy: PAIR_THRESHOLDS.map((threshold) => accuracyAt(scored, threshold)),
  };
}

/** Scores the held-out pairs on the database: each kind at the default threshold. */
export async function measureHeldOutPairs(db: Db): Promise<HeldOutResult> {
  const held = loadHeldOutPairs();
  const scored = await scorePairs(db, held);
  const threshold = DEFAULT_DUPLICATE_THRESHOLDS.lexical;
  const kinds = HELD_OUT_KINDS.map((kind) => {
    const ofKind = scored.filter((pair) => pair.kind === kind);
    const scores = ofKind.map((pair) => pair.score);
    return {
      kind,
      duplicate: ofKind[0]?.duplicate ?? false,
      pairs: scores.length,
      stacked: scores.filter((score) => score >= threshold).length,
      lowest: Math.min(...scores),
      highest: Math.max(...scores),
    };
  });
  return {
    count: held.length,
    topics: new Set(held.map((pair) => pair.topic)).size,
    threshold,
    kinds,
    accuracy: accuracyAt(scored, threshold),
  };
}

/** Every pair's score by each lexical measure, in one statement on the given database. */
export async function scoreMeasures(db: Db, pairs: LabelledPair[]): Promise<MeasureScores[]> {
  const similarity = lexicalSimilarity(
    { title: sql`p.a_title`, summary: sql`p.a_summary` },
    { title: sql`p.b_title`, summary: sql`p.b_summary` },
  );
  const a = sql`(p.a_title || ' ' || p.a_summary)`;
  const b = sql`(p.b_title || ' ' || p.b_summary)`;
  const words = sql`greatest(word_similarity(${a}, ${b}), word_similarity(${b}, ${a}))`;
  const rows = rowsOf<{ similarity: number | string; words: number | string }>(
    await db.execute(sql`
      select (${similarity})::float8 as similarity, (${words})::float8 as words
      from ${pairRows(pairs)} order by p.n`),
  );
  return rows.map((row) => {
    const similarity = Number(row.similarity);
    const words = Number(row.words);
    return { similarity, 'word similarity': words, greatest: Math.max(similarity, words) };
  });
}

const f1Of = ({ precision, recall }: Accuracy) =>
  precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);

/**
 * The threshold of the best F1 on the scored pairs, from 0.01 to 0.99 by 0.01: the middle of
 * those that tie, so that it leans to neither edge of the gap between two scores.
 */
function bestF1Threshold(scored: ScoredPair[]): number {
  const rows = Array.from({ length: 99 }, (_, i) => accuracyAt(scored, (i + 1) / 100));
  const best = Math.max(...rows.map(f1Of));
  const tied = rows.filter((row) => f1Of(row) === best);
  return tied[Math.floor((tied.length - 1) / 2)]?.threshold ?? DEFAULT_DUPLICATE_THRESHOLDS.lexical;
}

/**
 * Both sets scored by each measure: each kind's range, and each measure's precision and recall
 * at the threshold of its best F1 on the tuning set (the held-out set only reported on).
 */
export async function measureLexicalMeasures(db: Db): Promise<MeasureStudy> {
  const sets = [
    { set: 'tuning' as const, pairs: loadLabelledPairs() },
    { set: 'held-out' as const, pairs: loadHeldOutPairs() },
  ];
  const scored = await Promise.all(
    sets.map(async ({ set, pairs }) => ({ set, pairs, scores: await scoreMeasures(db, pairs) })),
  );
  const kinds = scored.flatMap(({ set, pairs, scores }) =>
    [...new Set(pairs.map((pair) => pair.kind))].map((kind) => {
      const ofKind = scores.filter((_, i) => pairs[i]?.kind === kind);
      const range = (measure: LexicalMeasure) => {
        const values = ofKind.map((score) => score[measure]);
        return { lowest: Math.min(...values), highest: Math.max(...values) };
      };
      return {
        set,
        kind,
        duplicate: pairs.find((pair) => pair.kind === kind)?.duplicate ?? false,
        pairs: ofKind.length,
        ranges: {
          similarity: range('similarity'),
          'word similarity': range('word similarity'),
          greatest: range('greatest'),
        },
      };
    }),
  );
  const [tuning, heldOut] = scored;
  if (!tuning || !heldOut) throw new Error('both sets are scored');
  const byMeasure = (
    { pairs, scores }: { pairs: LabelledPair[]; scores: MeasureScores[] },
    measure: LexicalMeasure,
  ) => pairs.map((pair, i) => ({ ...pair, score: scores[i]?.[measure] ?? 0 }));
  const choices = LEXICAL_MEASURES.map((measure) => {
    const tuningScored = byMeasure(tuning, measure);
    const threshold = bestF1Threshold(tuningScored);
    const onTuning = accuracyAt(tuningScored, threshold);
    return {
      measure,
      threshold,
      tuningF1: f1Of(onTuning),
      tuning: onTuning,
      heldOut: accuracyAt(byMeasure(heldOut, measure), threshold),
    };
  });
  return { kinds, choices };
}

/**
 * Each pair as stacking sees it: its first idea alone in a brainstorm, the second searched for as
 * a new idea is (`closestIdeas`, exact for stacking), at the lowest threshold reported. The
 * score is the search's when it finds the first idea, else 0: below that threshold, and so at
 * every threshold reported, the pair is not stacked.
 */
async function scorePairsByIndex(db: Db, pairs: LabelledPair[]): Promise<ScoredPair[]> {
  const owner = await createUser(db, {
    email: `pairs-${Date.now()}@example.com`,
    password: 'labelled pairs bench',
    first_name: 'Labelled',
    last_name: 'Pairs',
    is_staff: false,
  });
  const thresholds = {
    ...DEFAULT_DUPLICATE_THRESHOLDS,
    lexical: Math.min(...PAIR_THRESHOLDS),
  };
  const scored: ScoredPair[] = [];
  for (const pair of pairs) {
    const [brainstorm] = await db
      .insert(brainstorms)
      .values({
        title: 'Labelled pair',
        type: 'classic',
        parameters: { problem: 'A labelled pair', themes: [], type: 'classic' },
        createdBy: owner.id,
      })
      .returning({ id: brainstorms.id });
    if (!brainstorm) throw new Error('no brainstorm');
    const [first] = await db
      .insert(ideas)
      .values({ brainstormId: brainstorm.id, ...pair.a })
      .returning({ id: ideas.id });
    const [match] = await closestIdeas(db, brainstorm.id, [pair.b], thresholds, {}, 'stacking');
    scored.push({ ...pair, score: first && match?.closest === first.id ? match.score : 0 });
  }
  return scored;
}

export async function measureQuality(
  label: string,
  database: Database,
  options: QualityOptions = {},
): Promise<QualityResult> {
  const repeatingCount = options.smoke ? 10 : 50;
  const offlineCounts = options.smoke ? [20] : [50, 500];
  const fake = await startFakeLlmServer();
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'q'.repeat(32),
    LOG_LEVEL: 'silent',
    OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
    OPENAI_COMPATIBLE_API_KEY: 'fake-llm-key',
    OPENAI_COMPATIBLE_MODELS: 'repeating-model',
    // Measured apart (the quality benchmark): its fake answers ideas, not verdicts.
    REPEATS_JUDGE: 'off',
    GENERATION_MAX_IDEAS_PER_HOUR: '10000',
  });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  try {
    const { db } = database;
    const user = await createUser(db, {
      email: 'quality@example.com',
      password: 'measured passphrase',
      first_name: 'Quality',
      last_name: '',
      is_staff: false,
    });
    const headers = { authorization: `Bearer ${await app.tokens.sign(user)}` };

    const generate = async (variety: string, payload: Record<string, unknown>) => {
      fake.setDefault(repeatingIdeas({ bases: BASES, seed: 21 }).responder);
      const [brainstorm] = await db
        .insert(brainstorms)
        .values({
          title: 'Getting to work',
          type: 'classic',
          parameters: {
            problem: 'Our staff find it hard to get to work.',
            themes: [],
            type: 'classic',
          },
          createdBy: user.id,
        })
        .returning({ id: brainstorms.id });
      if (!brainstorm) throw new Error('an insert returned no row');
      const response = await app.inject({
        method: 'POST',
        url: `/api/brainstorms/${brainstorm.id}/brainstorm/`,
        headers,
        payload: {
          num_workers: repeatingCount,
          worker_params: Array.from({ length: repeatingCount }, () => ({
            provider: 'openai_compatible',
            model: 'repeating-model',
          })),
          ...payload,
        },
      });
      if (response.statusCode !== 202) throw new Error(`${response.statusCode} ${response.body}`);
      const { id } = response.json<GenerationDto>();
      const generation = await finished(id);
      if (generation.succeeded !== repeatingCount) {
        throw new Error(`ideas failed: ${JSON.stringify(generation.failures)}`);
      }
      return stacksOf(database, brainstorm.id, variety, generation);
    };

    const finished = async (id: number): Promise<GenerationDto> => {
      for (;;) {
        const generation = (
          await app.inject({ url: `/api/generations/${id}/`, headers })
        ).json<GenerationDto>();
        if (!['queued', 'running'].includes(generation.status)) return generation;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    const repeating: RepeatingRun[] = [];
    for (const { variety, payload } of VARIETIES) repeating.push(await generate(variety, payload));

    const pairs = await measureLabelledPairs(db);
    const heldOut = await measureHeldOutPairs(db);
    const measures = await measureLexicalMeasures(db);
    const candidateRecall = await measureCandidateRecall(db, user.id, options.smoke ? 100 : 1000);

    const offline = [];
    for (const ideas of offlineCounts) {
      const variety = await measureOfflineVariety(db, { ideas, createdBy: user.id });
      offline.push({ ideas: variety.ideas, distinct: variety.distinct, share: variety.share });
    }
    return { database: label, repeating, pairs, heldOut, measures, candidateRecall, offline };
  } finally {
    await app.close();
    await fake.close();
  }
}

/** A brainstorm's stacks, told apart by which base idea each rewording came from. */
async function stacksOf(
  database: Database,
  brainstormId: number,
  variety: string,
  generation: GenerationDto,
): Promise<RepeatingRun> {
  const ideas = rowsOf<{ id: number; title: string; summary: string; original: number }>(
    await database.db.execute(sql`select id, title, summary,
        coalesce(duplicate_of, id) as original
      from ideas where brainstorm_id = ${brainstormId}`),
  );
  const basesByStack = new Map<number, Set<number | null>>();
  for (const idea of ideas) {
    const bases = basesByStack.get(idea.original) ?? new Set();
    bases.add(baseOf(idea));
    basesByStack.set(idea.original, bases);
  }
  const inReview = ideas.filter((idea) => idea.original === idea.id).length;
  return {
    variety,
    ideas: ideas.length,
    inReview,
    stacked: ideas.length - inReview,
    mixedStacks: [...basesByStack.values()].filter((bases) => bases.size > 1).length,
    tokens: generation.input_tokens + generation.output_tokens,
  };
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

/** The labelled pairs' lines of the quality benchmark's table, a row per threshold. */
export function formatLabelledPairs(pairs: PairsResult): string[] {
  const lines = [
    `  Labelled pairs (${pairs.count}: ${pairs.duplicates} duplicates, ${pairs.count - pairs.duplicates} near-misses)${pairs.scored === 'through the index' ? ', searched for through the index' : ''}:`,
    '    threshold  precision  recall  false alarms  missed',
  ];
  for (const row of pairs.accuracy) {
    const mark = row.threshold === DEFAULT_DUPLICATE_THRESHOLDS.lexical ? ' (default)' : '';
    lines.push(
      `    ${row.threshold.toFixed(2).padStart(9)} ${row.precision.toFixed(3).padStart(10)} ` +
        `${row.recall.toFixed(3).padStart(7)} ${String(row.falsePositives).padStart(13)} ` +
        `${String(row.falseNegatives).padStart(7)}${mark}`,
    );
  }
  return lines;
}

/** The held-out pairs' lines: each kind at the default threshold, then the whole set. */
export function formatHeldOutPairs(held: HeldOutResult): string[] {
  const { accuracy } = held;
  return [
    `  Held-out pairs (${held.count} over ${held.topics} topics, not used to choose), at ${held.threshold.toFixed(2)}:`,
    '    kind            duplicate  pairs  stacked  scores',
    ...held.kinds.map(
      (k) =>
        `    ${k.kind.padEnd(15)} ${(k.duplicate ? 'yes' : 'no').padStart(9)} ` +
        `${String(k.pairs).padStart(6)} ${String(k.stacked).padStart(8)}  ` +
        `${k.lowest.toFixed(2)}–${k.highest.toFixed(2)}`,
    ),
    `    precision ${accuracy.precision.toFixed(3)}, recall ${accuracy.recall.toFixed(3)}`,
  ];
}

const range = ({ lowest, highest }: { lowest: number; highest: number }) =>
  `${lowest.toFixed(2)}–${highest.toFixed(2)}`;

/** The measure study's lines: each kind's ranges, then each measure at its tuned threshold. */
export function formatMeasureStudy(study: MeasureStudy): string[] {
  const indent = (text: string) => text.replace(/^/gm, '    ');
  const kinds = [
    ['set', 'kind', 'duplicate', 'pairs', ...LEXICAL_MEASURES],
    ...study.kinds.map((kind) => [
      kind.set,
      kind.kind,
      kind.duplicate ? 'yes' : 'no',
      String(kind.pairs),
      ...LEXICAL_MEASURES.map((measure) => range(kind.ranges[measure])),
    ]),
  ];
  const choices = [
    ['measure', 'threshold', 'tuning F1', 'precision', 'recall', 'held-out precision', 'recall'],
    ...study.choices.map((choice) => [
      choice.measure,
      choice.threshold.toFixed(2),
      choice.tuningF1.toFixed(3),
      choice.tuning.precision.toFixed(3),
      choice.tuning.recall.toFixed(3),
      choice.heldOut.precision.toFixed(3),
      choice.heldOut.recall.toFixed(3),
    ]),
  ];
  return [
    "  Lexical measures (a study; stacking still uses similarity): 'word similarity' is the " +
      'greater of word_similarity(a, b) and (b, a), greatest the greater of it and similarity.',
    '  Scores by kind:',
    indent(table(kinds)),
    '  At the threshold of the best F1 on the tuning set:',
    indent(table(choices)),
  ];
}

/** The result as the table the benchmark prints, targets last. */
export function formatQualityResult(result: QualityResult): string {
  const lines = [`\nQuality on ${result.database}`];
  lines.push(
    `  Repeating model (${BASES} base ideas reworded), ${result.repeating[0]?.ideas ?? 0} ideas through the API and queue:`,
    '    variety  ideas  in review  stacked  mixed stacks   tokens  tokens / idea in review',
  );
  for (const run of result.repeating) {
    lines.push(
      `    ${run.variety.padEnd(7)} ${String(run.ideas).padStart(6)} ${String(run.inReview).padStart(10)} ` +
        `${String(run.stacked).padStart(8)} ${String(run.mixedStacks).padStart(13)} ` +
        `${String(run.tokens).padStart(8)} ${(run.tokens / Math.max(run.inReview, 1)).toFixed(0).padStart(24)}`,
    );
  }
  const { pairs } = result;
  lines.push(
    ...formatLabelledPairs(pairs),
    ...formatHeldOutPairs(result.heldOut),
    ...formatMeasureStudy(result.measures),
    ...formatCandidateRecall(result.candidateRecall),
  );
  lines.push(
    `  Offline provider, distinct ideas (not stacked): ` +
      result.offline.map((o) => `${o.distinct}/${o.ideas} (${percent(o.share)})`).join(', '),
  );
  const byDefault = pairs.accuracy.find(
    (row) => row.threshold === DEFAULT_DUPLICATE_THRESHOLDS.lexical,
  );
  const offlineTarget = (ideas: number, share: number) => {
    const run = result.offline.find((o) => o.ideas === ideas);
    return run ? `${verdict(run.share >= share)} (${percent(run.share)})` : 'not measured';
  };
  lines.push(
    '  Targets:',
    `    no stack mixes two base ideas: ${verdict(result.repeating.every((r) => r.mixedStacks === 0))}`,
    `    precision ≥ 0.9 with recall ≥ 0.8 at the default: ${verdict(
      !!byDefault && byDefault.precision >= 0.9 && byDefault.recall >= 0.8,
    )}`,
    `    offline ≥ 95 % distinct of 50: ${offlineTarget(50, 0.95)}`,
    `    offline ≥ 80 % distinct of 500: ${offlineTarget(500, 0.8)}`,
  );
  return lines.join('\n');
}
