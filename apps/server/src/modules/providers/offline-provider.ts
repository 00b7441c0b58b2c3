import { techniqueFor, type BrainstormType } from '../brainstorms/brainstorm-types.js';
import type { GeneratedIdea, PromptInput } from './generated-idea.js';
import { isNearDuplicate } from './similarity.js';

/*
 * Not a language model: it fills templates from word banks, so a fresh install can run a
 * generation end to end with no network and no key. The ideas read plausibly but know nothing
 * about the problem beyond its first clause, the slot's angle and its theme.
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

const VERBS: Record<BrainstormType, readonly string[]> = {
  bad_idea_contest: ['Turn it around with', 'Rescue it with', 'Flip it into', 'Redeem it as'],
  classic: ['Try', 'Launch', 'Start', 'Set up', 'Pilot', 'Introduce'],
  reverse_brainstorming: ['Prevent it with', 'Counter it with', 'Undo it with', 'Block it with'],
  scamper: ['Swap in', 'Combine it with', 'Adapt', 'Scale up', 'Repurpose', 'Strip it to'],
  six_thinking_hats: ['Test', 'Weigh up', 'Try out', 'Add', 'Run', 'Trial'],
  starbursting: ['Answer it with', 'Offer', 'Build', 'Open', 'Set up', 'Create'],
  crazy_eights: ['Sketch', 'Hack together', 'Rough out', 'Spin up', 'Prototype', 'Mock up'],
  mind_mapping: ['Branch out into', 'Grow', 'Build out', 'Link in', 'Extend into', 'Map'],
};

/** Verbs for angles whose move matters more than the technique's (keyed by the key's part). */
const ANGLE_VERBS = new Map<string, readonly string[]>([
  ['scamper:S', ['Swap in', 'Substitute']],
  ['scamper:C', ['Combine it with', 'Merge in']],
  ['scamper:A', ['Adapt', 'Borrow']],
  ['scamper:M', ['Scale up', 'Shrink it to']],
  ['scamper:P', ['Repurpose', 'Reuse']],
  ['scamper:E', ['Strip it down to', 'Keep only']],
  ['scamper:R', ['Flip the order with', 'Reverse roles with']],
  ['hat:white', ['Measure it with', 'Gather facts with']],
  ['hat:red', ['Ease worries with', 'Lift the mood with']],
  ['hat:black', ['Guard against risks with', 'Safeguard it with']],
  ['hat:yellow', ['Build on what works with', 'Double the upside with']],
  ['hat:green', ['Reinvent it as', 'Experiment with']],
  ['hat:blue', ['Organise it around', 'Steer it with']],
]);

function verbsFor(input: PromptInput, technique: BrainstormType): readonly string[] {
  const parts = input.angle.key.split('+');
  const own = parts.map((part) => ANGLE_VERBS.get(part)).find((verbs) => verbs !== undefined);
  return own ?? VERBS[technique];
}

const FRAMINGS: Record<BrainstormType, (label: string) => string> = {
  bad_idea_contest: (l) => `It started as a deliberately bad idea (${l}) and was turned around.`,
  classic: (l) => `It comes from the point of view of ${l}.`,
  reverse_brainstorming: (l) => `It inverts one way to make things worse: ${l}.`,
  scamper: (l) => `It is the SCAMPER move “${l}”.`,
  six_thinking_hats: (l) => `It comes from thinking with the ${l}.`,
  starbursting: (l) => `It answers the question “${l}”.`,
  crazy_eights: (l) => `It was sketched under the constraint “${l}”.`,
  mind_mapping: (l) => `It grows from the branch “${l}”.`,
};

const MECHANISMS = [
  'a buddy rota',
  'a weekly show-and-tell',
  'a shared checklist',
  'a one-page playbook',
  'a feedback wall',
  'an opt-in pilot',
  'a rotating champion',
  'a ten-minute stand-up',
  'a self-serve kiosk',
  'a public scoreboard',
  'a starter kit',
  'a peer review circle',
  'a shadowing day',
  'an office-hours slot',
  'a pre-mortem session',
  'a simple chatbot',
  'a swap market',
  'a template library',
  'a decision log',
  'a cross-team exchange',
  'an anonymous suggestion box',
  'a progress tracker',
  'a micro-grant',
  'a live demo day',
  'a mentoring pair',
  'a quick-start video',
  'a visual status board',
  'a community forum',
  'a recognition ritual',
  'a trial week',
  'a sandbox corner',
  'a mystery-shopper test',
  'a two-question survey',
  'a co-design workshop',
  'a lending library',
  'a daily digest',
];

const AUDIENCES = [
  'for newcomers',
  'for busy managers',
  'for the people closest to it',
  'for first-time users',
  'for remote teammates',
  'for the quietest voices',
  'for customers',
  'for partners',
  'for volunteers',
  'for the night shift',
  'for experts',
  'for the whole team',
];

const BENEFITS = [
  'makes progress visible',
  'lowers the effort of taking part',
  'turns scattered knowledge into something shared',
  'catches problems early',
  'gives quieter people a voice',
  'saves time every week',
  'builds trust between teams',
  'makes the first step obvious',
  'rewards small improvements',
  'keeps everyone on the same page',
  'cuts waiting time',
  'makes it easy to say what is not working',
];

const DETAILS = [
  'meets for fifteen minutes each week',
  'lives on one shared page anyone can edit',
  'runs as a four-week trial with a named owner',
  'starts with volunteers and grows by invitation',
  'is reviewed once a month and trimmed ruthlessly',
  'uses what the team already has, nothing new to buy',
  'pairs one experienced person with one newer one',
  'is announced once, then runs on its own rhythm',
];

const FIRST_STEPS = [
  'ask three affected people what would make them use it',
  'sketch it on one page and share it with the team',
  'run it once next week and note what breaks',
  'pick a single owner and a date to review it',
  'find who already does something similar and ask them',
  'try it with a group of five before telling anyone else',
  'write down what success would look like in a month',
  'list what it replaces, and stop one of those things',
];

const pick = <T>(list: readonly T[], random: () => number): T => {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick() needs a non-empty list');
  return item;
};
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

/** The problem as a short phrase for titles: its first clause, at most 60 characters. */
function problemPhrase({ problem, title }: PromptInput): string {
  for (const text of [problem, title]) {
    const clause = text.split(/[.!?;:\n]|,\s/).find((part) => part.trim() !== '');
    if (clause !== undefined) return shorten(clause, 60);
  }
  return 'the problem';
}

function compose(input: PromptInput, random: () => number): GeneratedIdea {
  const technique = techniqueFor(input.type);
  const verb = pick(verbsFor(input, technique), random);
  const mechanism = pick(MECHANISMS, random);
  const audience = pick(AUDIENCES, random);
  const [benefit, otherBenefit] = [pick(BENEFITS, random), pick(BENEFITS, random)];
  const phrase = problemPhrase(input);
  const theme = input.angle.theme === undefined ? '' : shorten(input.angle.theme, 40);
  const titles = [
    `${verb} ${mechanism} ${audience}`,
    `${capitalise(withoutArticle(mechanism))} ${audience}`,
    `${capitalise(phrase)}: ${verb.toLowerCase()} ${mechanism}`,
    theme === '' ? `${verb} ${mechanism}` : `${verb} ${mechanism}: ${theme}`,
  ];
  const themeClause = theme === '' ? '' : `, with a focus on ${theme}`;
  const benefits = otherBenefit === benefit ? benefit : `${benefit} and ${otherBenefit}`;
  return {
    title: pick(titles, random),
    summary:
      `${capitalise(mechanism)} ${audience} that ${benefit}. ` +
      FRAMINGS[technique](shorten(input.angle.label, 80).toLowerCase()),
    description:
      `How it works: ${mechanism} ${audience} ${pick(DETAILS, random)}. ` +
      `Why it helps: it ${benefits}, which speaks to “${phrase}”${themeClause}. ` +
      `First step: ${pick(FIRST_STEPS, random)}.`,
  };
}

/** One idea composed from templates; a few tries to stay clear of the titles to avoid. */
export function composeOfflineIdea(input: PromptInput, random: () => number): GeneratedIdea {
  let idea = compose(input, random);
  for (let attempt = 1; attempt < 12; attempt += 1) {
    if (!input.avoidTitles.some((title) => isNearDuplicate(title, idea.title))) break;
    idea = compose(input, random);
  }
  return idea;
}
