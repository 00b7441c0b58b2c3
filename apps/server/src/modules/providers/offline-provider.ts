import { techniqueFor, type BrainstormType } from '../brainstorms/brainstorm-types.js';
import type { GeneratedIdea, PromptInput } from './generated-idea.js';
import {
  ANGLE_VERBS,
  BENEFITS,
  DETAILS,
  FEATURES,
  FIRST_STEPS,
  FRAMINGS,
  MECHANISMS,
  PLACES,
  RHYTHMS,
  RUNNERS,
  THEME_PHRASES,
  VERBS,
} from './offline-word-banks.js';
import { normaliseText, readProblem, type ProblemReading } from './problem-reading.js';
import { contentWords, isNearDuplicate } from './similarity.js';

/*
 * Not a language model: it fills templates from word banks, so a fresh install can run a
 * generation end to end with no network and no key. It reads the problem with plain word rules
 * (problem-reading.ts) for whom it concerns and what is wanted, and never quotes it whole.
 * A brainstorm goes through every mechanism, in an order of its own, before it uses one again:
 * the titles it already holds show how far it has come, and each slot of a generation takes the
 * next mechanism not in them after its own number, so slots that read the same titles never
 * share one. Summaries are built from independent pieces (who runs it, when, what it does) in
 * one of several shapes, so ideas keep few words in common even when a mechanism comes round
 * again: the near-duplicate detector, which compares title and summary, sees them as distinct.
 */

/** A small fast PRNG (mulberry32): the same seed gives the same ideas. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function verbsFor(input: PromptInput, technique: BrainstormType): readonly string[] {
  const parts = input.angle.key.split('+');
  const own = parts.map((part) => ANGLE_VERBS.get(part)).find((verbs) => verbs !== undefined);
  return own ?? VERBS[technique];
}

const pick = <T>(list: readonly T[], random: () => number): T => {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick() needs a non-empty list');
  return item;
};
/** The list in a random order (Fisher–Yates). */
function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const withoutArticle = (text: string) => text.replace(/^(a|an|the) /, '');

/** At most `max` characters of one line of text, cut on a word boundary. */
function shorten(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** A 32-bit FNV-1a hash: the same brainstorm always starts its slots at the same class. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return value;
}

/** What the ideas may say about the problem; each piece is dropped if it would quote it. */
interface Subject {
  audience?: string;
  aim?: ProblemReading['aim'];
  topic?: string;
  theme?: string;
}

/** Whether a text contains one of the quoted texts, as whole words. */
const quotes = (text: string, quoted: readonly string[]) => {
  const normalised = ` ${normaliseText(text)} `;
  return quoted.some((q) => normalised.includes(` ${q} `));
};

/**
 * The slot's subject: the problem's audience, aim and topic (or the brainstorm's title when the
 * problem names none), and the slot's theme.
 */
function subjectOf(input: PromptInput, reading: ProblemReading): Subject {
  const theme = input.angle.theme === undefined ? '' : shorten(input.angle.theme, 40);
  const subject: Subject = {
    ...(reading.audience !== undefined && { audience: shorten(reading.audience, 40) }),
    ...(reading.aim && { aim: { ...reading.aim, text: shorten(reading.aim.text, 50) } }),
    ...(reading.topic !== undefined && { topic: shorten(reading.topic, 50) }),
    ...(theme !== '' && { theme }),
  };
  // A piece that would quote the problem whole is left out.
  const quoting = (piece: string | undefined) =>
    piece !== undefined && quotes(piece, reading.quoted);
  if (quoting(subject.aim?.text)) delete subject.aim;
  if (quoting(subject.topic)) delete subject.topic;
  if (quoting(subject.audience)) delete subject.audience;
  if (quoting(subject.theme)) delete subject.theme;
  if (subject.audience === undefined && subject.topic === undefined) {
    // Nobody is named: what the unused aim acts on, or else the brainstorm's title.
    const title = shorten(input.title, 60).replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase());
    const topic = [subject.aim ? undefined : reading.object, title].find(
      (text) => text !== undefined && text !== '' && !quotes(text, reading.quoted),
    );
    if (topic !== undefined) subject.topic = topic;
  }
  return subject;
}

type Template = (parts: { verb: string; mechanism: string; subject: Subject }) => string | null;

const forWhom = ({ audience, topic }: Subject) => audience ?? topic;

/** Title patterns; null when the slot lacks what the pattern needs. */
const TEMPLATES: readonly Template[] = [
  ({ verb, mechanism, subject }) => {
    const whom = forWhom(subject);
    return `${verb} ${mechanism}${whom === undefined ? '' : ` for ${whom}`}`;
  },
  ({ mechanism, subject }) => {
    const whom = forWhom(subject);
    return whom === undefined ? null : `${capitalise(withoutArticle(mechanism))} for ${whom}`;
  },
  ({ mechanism, subject: { aim, audience } }) =>
    aim?.by === 'audience' && audience !== undefined
      ? `${capitalise(aim.text)}: ${mechanism} for ${audience}`
      : null,
  ({ mechanism, subject: { aim, audience, topic } }) => {
    const who = aim?.by === 'audience' ? audience : aim?.by === 'topic' ? topic : undefined;
    return aim && who !== undefined
      ? `${capitalise(withoutArticle(mechanism))} so ${who} can ${aim.text}`
      : null;
  },
  ({ mechanism, subject: { aim } }) =>
    aim?.by === 'us' ? `${capitalise(aim.text)} with ${mechanism}` : null,
  ({ mechanism, subject }) => {
    const whom = forWhom(subject);
    return subject.theme === undefined
      ? null
      : `${capitalise(subject.theme)}: ${mechanism}${whom === undefined ? '' : ` for ${whom}`}`;
  },
  ({ verb, mechanism, subject: { theme } }) =>
    theme === undefined ? null : `${verb} ${mechanism} around ${theme}`,
];

/** Two titles on different mechanisms share at most this many other words: never near-duplicates. */
const MAX_SHARED_WORDS = 6;

function fits(title: string, mechanism: string, quoted: readonly string[]): boolean {
  const own = contentWords(mechanism);
  const others = [...contentWords(title)].filter((word) => !own.has(word));
  return others.length <= MAX_SHARED_WORDS && title.length <= 120 && !quotes(title, quoted);
}

/** The list in an order fixed by a seed (Fisher–Yates with `seededRandom`). */
const orderFor = <T>(list: readonly T[], seed: number) => shuffled(list, seededRandom(seed));

/**
 * The mechanisms this slot may build on, its own first. The brainstorm has its own order of all
 * mechanisms (those sharing a word with the problem or the themes last, as they could bring two
 * titles closer together). The titles to avoid (newest first) show which of them it used
 * lately: from the newest title's mechanism, the first one after that run of used ones is where
 * the generation starts, and slot n takes the n-th unused one from there. Slots that read the
 * same titles (the slot runner shares one read per generation) so never take the same one, and
 * successive generations go round all of them even though only the newest titles are in sight.
 */
function mechanismsFor(input: PromptInput, slot: number, subject: Subject): string[] {
  const context = new Set(
    [subject.audience, subject.aim?.text, subject.topic, ...input.themes].flatMap((text) =>
      text === undefined ? [] : [...contentWords(text)],
    ),
  );
  const clashes = (mechanism: string) =>
    [...contentWords(mechanism)].some((word) => context.has(word));
  const shuffledAll = orderFor(MECHANISMS, hash(`${input.type}\n${input.title}\n${input.problem}`));
  const order = [
    ...shuffledAll.filter((m) => !clashes(m)),
    ...shuffledAll.filter((m) => clashes(m)),
  ];
  const avoid = input.avoidTitles.map(contentWords);
  /** How new the brainstorm's newest title on a mechanism is (0 = newest); -1 when unused. */
  const lastUse = (mechanism: string) => {
    const words = [...contentWords(mechanism)];
    return avoid.findIndex((title) => words.every((word) => title.has(word)));
  };
  const uses = order.map(lastUse);
  const newest = uses.reduce(
    (best, use, index) => (use >= 0 && (best < 0 || use < (uses[best] ?? 0)) ? index : best),
    -1,
  );
  let first = newest < 0 ? 0 : newest;
  for (let step = 0; step < order.length && (uses[first] ?? -1) >= 0; step += 1) {
    first = (first + 1) % order.length;
  }
  const from = (index: number) => (first + index) % order.length;
  const unused = order.flatMap((_, index) => ((uses[from(index)] ?? -1) < 0 ? [from(index)] : []));
  const used = order.flatMap((_, index) => ((uses[from(index)] ?? -1) >= 0 ? [from(index)] : []));
  const own = unused.length === 0 ? 0 : slot % unused.length;
  return [...unused.slice(own), ...unused.slice(0, own), ...used].map(
    (index) => order[index] as string,
  );
}

/** The first title, mechanism first, that fits and is not close to a title to avoid. */
function chooseTitle(
  input: PromptInput,
  slot: number,
  subject: Subject,
  quoted: readonly string[],
  random: () => number,
): { title: string; mechanism: string } {
  const verbs = verbsFor(input, techniqueFor(input.type));
  const firstVerb = Math.floor(random() * verbs.length);
  const ordered = [...verbs.slice(firstVerb), ...verbs.slice(0, firstVerb)];
  const templates = shuffled(TEMPLATES, random);
  const mechanisms = mechanismsFor(input, slot, subject);
  let fallback: { title: string; mechanism: string } | undefined;
  const tried = new Set<string>();
  for (const mechanism of mechanisms) {
    for (const template of templates) {
      for (const verb of ordered) {
        const title = template({ verb, mechanism, subject });
        if (title === null || tried.has(title) || !fits(title, mechanism, quoted)) continue;
        tried.add(title);
        fallback ??= { title, mechanism };
        if (!input.avoidTitles.some((avoid) => isNearDuplicate(avoid, title))) {
          return { title, mechanism };
        }
      }
    }
  }
  // Every pattern is taken: number the first one until no title in the brainstorm equals it.
  const mechanism = fallback?.mechanism ?? mechanisms[0] ?? 'a starter kit';
  const base = fallback?.title ?? capitalise(withoutArticle(mechanism));
  const taken = new Set(input.avoidTitles.map((title) => title.trim().toLowerCase()));
  let title = base;
  for (let n = 2; taken.has(title.toLowerCase()); n += 1) title = `${base} (take ${n})`;
  return { title, mechanism };
}

/** Two different concrete touches, "a photo wall and stickers". */
function features(random: () => number): string {
  const [first, second] = shuffled(FEATURES, random);
  return `${first} and ${second}`;
}

/**
 * The pieces of a summary; the theme starts with a comma, or is empty. The brainstorm's aim is
 * left to the title and the description: the same words in every summary would bring them all
 * closer together.
 */
interface SummaryParts {
  mechanism: string;
  forWhom: string;
  runner: string;
  rhythm: string;
  place: string;
  feature: string;
  benefit: string;
  theme: string;
}

/**
 * Sentence shapes for a summary. Their own words are few: what two summaries share should be
 * what they are about, not the shape.
 */
const SUMMARY_SHAPES: readonly ((p: SummaryParts) => string)[] = [
  (p) =>
    `${capitalise(p.mechanism)}${p.forWhom} with ${p.feature}${p.theme}, ${p.runner} ` +
    `${p.rhythm} ${p.place}: it ${p.benefit}.`,
  (p) =>
    `${capitalise(p.rhythm)} ${p.place}, ${p.mechanism}${p.forWhom}${p.theme}, ${p.runner}, ` +
    `with ${p.feature}. It ${p.benefit}.`,
  (p) =>
    `${capitalise(p.mechanism)}${p.forWhom} that ${p.benefit}${p.theme}: ${p.runner}, ` +
    `${p.rhythm} ${p.place}, with ${p.feature}.`,
  (p) =>
    `Picture ${p.mechanism}${p.forWhom} ${p.rhythm} ${p.place}${p.theme}, with ${p.feature}, ` +
    `${p.runner}; it ${p.benefit}.`,
  (p) =>
    `${capitalise(p.runner)}, ${p.mechanism}${p.forWhom} with ${p.feature} ${p.benefit}` +
    `${p.theme}, ${p.rhythm} ${p.place}.`,
  (p) =>
    `Why not ${p.mechanism}${p.forWhom}${p.theme}, ${p.rhythm} ${p.place}, ${p.runner}, with ` +
    `${p.feature}? It ${p.benefit}.`,
];

/**
 * One idea for one slot of a generation. `slot` is the slot's number in its generation: slots
 * of one generation get different mechanisms, so they never give the same title.
 */
export function composeOfflineIdea(
  input: PromptInput,
  slot: number,
  random: () => number,
): GeneratedIdea {
  const reading = readProblem(input.problem);
  const full = subjectOf(input, reading);
  const withoutAim = { ...full };
  delete withoutAim.aim;
  // Pieces that are each short of the problem could still add up to it: then fewer are used.
  const subjects: Subject[] = [
    full,
    withoutAim,
    full.theme === undefined ? {} : { theme: full.theme },
  ];
  let idea = compose(input, slot, full, reading.quoted, random);
  for (const subject of subjects.slice(1)) {
    if (!Object.values(idea).some((text) => quotes(text, reading.quoted))) break;
    idea = compose(input, slot, subject, reading.quoted, random);
  }
  return idea;
}

function compose(
  input: PromptInput,
  slot: number,
  subject: Subject,
  quoted: readonly string[],
  random: () => number,
): GeneratedIdea {
  const { title, mechanism } = chooseTitle(input, slot, subject, quoted, random);
  const technique = techniqueFor(input.type);
  const { audience, aim, topic, theme } = subject;
  const whom = forWhom(subject);
  const forWhomText = whom === undefined ? '' : ` for ${whom}`;
  const [benefit, otherBenefit] = [pick(BENEFITS, random), pick(BENEFITS, random)];
  const benefits = otherBenefit === benefit ? benefit : `${benefit} and ${otherBenefit}`;
  const aimClause =
    aim === undefined
      ? ''
      : aim.by === 'audience' && audience !== undefined
        ? `, so ${audience} can ${aim.text}`
        : aim.by === 'topic' && topic !== undefined
          ? `, so ${topic} can ${aim.text}`
          : `, which helps everyone ${aim.text}`;
  const summary = pick(
    SUMMARY_SHAPES,
    random,
  )({
    mechanism,
    forWhom: forWhomText,
    runner: pick(RUNNERS, random),
    rhythm: pick(RHYTHMS, random),
    place: pick(PLACES, random),
    feature: features(random),
    benefit,
    theme: theme === undefined ? '' : `, ${pick(THEME_PHRASES, random)(theme)}`,
  });
  const description =
    `How it works: ${mechanism}${forWhomText} ${pick(DETAILS, random)}. ` +
    `Why it helps: it ${benefits}${aimClause}. ` +
    `${FRAMINGS[technique](shorten(input.angle.label, 80).toLowerCase())} ` +
    `First step: ${pick(FIRST_STEPS, random)(audience ?? 'people it affects')}.`;
  return { title, summary, description };
}
