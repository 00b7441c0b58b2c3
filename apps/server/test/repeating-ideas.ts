import type { GeneratedIdea } from '../src/modules/providers/generated-idea.js';
import { seededRandom } from '../src/modules/providers/offline-provider.js';
import {
  candidatesAsked,
  type FakeLlmBehaviour,
  type FakeLlmResponder,
  type RecordedLlmRequest,
} from './fake-llm-server.js';

/*
 * A language model that repeats itself on purpose, as models do: every call answers one of a
 * handful of base ideas, lightly reworded at random (a few words swapped for synonyms, the two
 * sentences of the summary or the words of the title in another order, another case, other
 * punctuation). The near-duplicate detector should stack each rewording on the first answer of
 * its base, and never stack two different bases together. For the tests, the benchmark and the
 * browser journey, through the fake LLM server's `setDefault`.
 */

/** A base idea: its title in two word orders, and its summary in two sentences. */
interface Base {
  titles: [string, string];
  sentences: [string, string];
  description: string;
}

/** Eight ideas about one problem (getting to work), each about something else. */
const BASES: readonly Base[] = [
  {
    titles: ['Carpool matching app', 'App for carpool matching'],
    sentences: [
      'A phone app pairs colleagues who live near each other.',
      'They share rides to the office and split fuel costs.',
    ],
    description: 'Sign-up takes a postcode and a usual arrival time; matches arrive by message.',
  },
  {
    titles: ['Secure bike parking', 'Bike parking, secure'],
    sentences: [
      'Lockable bicycle cages stand beside the entrance, with a repair stand and a pump.',
      'Cyclists stop worrying about theft.',
    ],
    description: 'Cages open with the staff badge; the stand holds spanners chained to it.',
  },
  {
    titles: ['Flexible start times', 'Start times made flexible'],
    sentences: [
      'Teams choose their own arrival window between seven and ten.',
      'Nobody has to travel in the rush hour.',
    ],
    description: 'Core hours stay from ten to three, so meetings still find everyone.',
  },
  {
    titles: ['Shuttle bus from the station', 'Station shuttle bus'],
    sentences: [
      'A free minibus loops between the railway station and the campus every twenty minutes.',
      'It runs during mornings and evenings.',
    ],
    description: 'A timetable by the main door and in the intranet shows when it leaves.',
  },
  {
    titles: ['Remote work Fridays', 'Fridays of remote work'],
    sentences: [
      'Everyone works from home on Fridays.',
      'That removes one commute a week and frees desks for maintenance.',
    ],
    description: 'Meetings move to Thursday; the building runs a skeleton service.',
  },
  {
    titles: ['Walking challenge league', 'League for a walking challenge'],
    sentences: [
      'Departments compete on monthly step counts logged by pedometers.',
      'A trophy goes to the winners.',
    ],
    description: 'Pedometers are lent at reception; the scoreboard hangs in the canteen.',
  },
  {
    titles: ['Showers and lockers', 'Lockers and showers'],
    sentences: [
      'Changing rooms with hot showers and personal lockers open downstairs.',
      'Runners and cyclists arrive fresh.',
    ],
    description: 'Towels are washed by the cleaning contractor twice a week.',
  },
  {
    titles: ['Parking fee rebate', 'Rebate on parking fees'],
    sentences: [
      'Staff who give up their parking permit receive a monthly cash rebate.',
      'It goes toward public transport tickets.',
    ],
    description: 'Payroll adds the rebate; a permit can be taken back once a year.',
  },
];

/** Light rewordings: one word for another, the same in every base that has it. */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  app: ['application'],
  phone: ['mobile'],
  pairs: ['matches', 'links'],
  colleagues: ['coworkers'],
  share: ['pool'],
  rides: ['lifts'],
  office: ['workplace'],
  costs: ['expenses'],
  secure: ['safe'],
  lockable: ['locking'],
  beside: ['next to', 'by'],
  worrying: ['fretting'],
  theft: ['robbery'],
  flexible: ['flexi'],
  choose: ['pick', 'select'],
  nobody: ['no one'],
  travel: ['journey'],
  free: ['complimentary'],
  loops: ['circulates', 'shuttles'],
  runs: ['operates'],
  everyone: ['each person'],
  removes: ['cuts'],
  frees: ['releases'],
  compete: ['contend'],
  monthly: ['month-by-month'],
  trophy: ['cup'],
  winners: ['champions'],
  hot: ['warm'],
  personal: ['private'],
  arrive: ['turn up'],
  fresh: ['clean'],
  receive: ['get'],
  cash: ['money'],
  tickets: ['passes'],
  fee: ['charge'],
  fees: ['charges'],
};

/** Each base idea as its first wording. */
export const REPEATING_BASE_IDEAS: readonly GeneratedIdea[] = BASES.map((base) => ({
  title: base.titles[0],
  summary: base.sentences.join(' '),
  description: base.description,
}));

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The words that tell a base apart: its own words that no rewording changes and no other
 * base uses.
 */
const ANCHORS: readonly ReadonlySet<string>[] = (() => {
  const synonymWords = new Set(
    Object.entries(SYNONYMS).flatMap(([word, others]) => [word, ...others.flatMap(wordsOf)]),
  );
  const own = REPEATING_BASE_IDEAS.map(
    (idea) =>
      new Set(
        wordsOf(`${idea.title} ${idea.summary}`).filter(
          (word) => word.length > 3 && !synonymWords.has(word),
        ),
      ),
  );
  return own.map(
    (words, index) =>
      new Set(
        [...words].filter((word) => own.every((other, i) => i === index || !other.has(word))),
      ),
  );
})();

/** Which base idea a text (a rewording's title and summary) came from, or null for none. */
export function baseOf(idea: Pick<GeneratedIdea, 'title' | 'summary'>): number | null {
  const words = new Set(wordsOf(`${idea.title} ${idea.summary}`));
  let best: number | null = null;
  let bestCount = 0;
  ANCHORS.forEach((anchors, index) => {
    const count = [...anchors].filter((word) => words.has(word)).length;
    if (count > bestCount) [best, bestCount] = [index, count];
  });
  return best;
}

const pick = <T>(list: readonly T[], random: () => number): T => {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick() needs a non-empty list');
  return item;
};

/** Each word of the table swapped for a synonym with the given chance, its case kept. */
function swapWords(text: string, random: () => number, chance: number): string {
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => {
    const others = SYNONYMS[word.toLowerCase()];
    if (!others || random() >= chance) return word;
    const other = pick(others, random);
    return /^\p{Lu}/u.test(word) ? other.charAt(0).toUpperCase() + other.slice(1) : other;
  });
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Another case for a text: as it is, all lowercase, Title Case or first letter only. */
function recase(text: string, random: () => number): string {
  const choice = random();
  if (choice < 0.4) return text;
  if (choice < 0.6) return text.toLowerCase();
  if (choice < 0.8) return text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
  return capitalise(text.toLowerCase());
}

/** Other punctuation: commas dropped or made semicolons, full stops made exclamation marks. */
function repunctuate(text: string, random: () => number): string {
  const choice = random();
  if (choice < 0.4) return text;
  if (choice < 0.6) return text.replace(/,/g, '');
  if (choice < 0.8) return text.replace(/,/g, ';').replace(/\.$/, '!');
  return text.replace(/\./g, ' -').replace(/\s+-$/, '');
}

/** One light rewording of a base idea. */
export function reword(index: number, random: () => number): GeneratedIdea {
  const base = BASES[index];
  if (!base) throw new RangeError(`there is no base idea ${index}`);
  const title = pick(base.titles, random);
  const sentences = random() < 0.3 ? [base.sentences[1], base.sentences[0]] : base.sentences;
  const summary = sentences
    .map((sentence, i) => (i === 0 ? capitalise(sentence) : sentence))
    .join(' ');
  return {
    title: recase(repunctuate(swapWords(title, random, 0.3), random), random),
    summary: repunctuate(swapWords(summary, random, 0.25), random),
    description: swapWords(base.description, random, 0.25),
  };
}

export interface RepeatingIdeas {
  /** For the fake LLM server's `setDefault`: each call answers a rewording of a base idea. */
  responder: FakeLlmResponder;
  /** The base ideas answered (their first wording). */
  bases: readonly GeneratedIdea[];
  /** What was answered, in order: which request, which base, which wording. */
  answers: { n: number; base: number; idea: GeneratedIdea }[];
}

/**
 * A fake model that repeats `bases` ideas (default 5, at most 8), choosing one at random for
 * each call and rewording it lightly; `seed` makes the answers reproducible.
 */
export function repeatingIdeas(options: { bases?: number; seed?: number } = {}): RepeatingIdeas {
  const count = options.bases ?? 5;
  if (!Number.isInteger(count) || count < 1 || count > BASES.length) {
    throw new RangeError(`bases must be an integer from 1 to ${BASES.length}`);
  }
  const random = seededRandom(options.seed ?? 21);
  const answers: RepeatingIdeas['answers'] = [];
  const answer = (request: RecordedLlmRequest) => {
    const base = Math.floor(random() * count);
    const idea = reword(base, random);
    answers.push({ n: request.n, base, idea });
    return idea;
  };
  // Asked for several candidates, it draws each as it would draw one idea.
  const responder = (request: RecordedLlmRequest): FakeLlmBehaviour => {
    const ideas = Array.from({ length: candidatesAsked(request) }, () => answer(request));
    return { kind: 'idea', idea: ideas[0], ideas };
  };
  return { responder, bases: REPEATING_BASE_IDEAS.slice(0, count), answers };
}
