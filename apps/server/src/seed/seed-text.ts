import type { BrainstormType } from '../modules/brainstorms/brainstorm-types.js';
import type { Random } from './random.js';

// Word lists the seed composes its text from: enough combinations that titles rarely repeat.

// prettier-ignore
export const FIRST_NAMES = [
  'Ada', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Kofi', 'Lena',
  'Mateo', 'Nora', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sami', 'Tess', 'Umar', 'Vera', 'Wen',
  'Ximena', 'Yusuf', 'Zoe', 'Aiko', 'Bruno', 'Carmen', 'Dara', 'Emil', 'Freya', 'Goran', 'Hana',
  'Ivan', 'Julia', 'Karim', 'Lucia', 'Milan', 'Nadia',
];

// prettier-ignore
export const LAST_NAMES = [
  'Abbott', 'Bauer', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen',
  'Kowalski', 'Larsen', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quintero', 'Rossi', 'Silva',
  'Tanaka', 'Ueda', 'Varga', 'Weber', 'Xu', 'Yilmaz', 'Zimmermann', 'Andersen', 'Brooks',
  'Castillo', 'Dimitrov', 'Evans', 'Ferreira', 'Gruber', 'Horvat', 'Iqbal', 'Jovanovic', 'Kim',
  'Lopez', 'Mensah', 'Novak',
];

export interface Problem {
  title: string;
  problem: string;
  themes: string[];
  audiences: string[];
  goals: string[];
  places: string[];
}

export const PROBLEMS: Problem[] = [
  {
    title: 'Office food waste',
    problem: 'How might we cut the food thrown away in our office kitchens by half?',
    themes: ['sustainability', 'habits', 'cost'],
    audiences: ['office staff', 'the catering team', 'night-shift workers'],
    goals: ['share leftovers', 'plan lunches ahead', 'compost scraps', 'buy less on Mondays'],
    places: ['the third-floor kitchen', 'the canteen', 'the break room'],
  },
  {
    title: 'Teen library visits',
    problem: 'How can the town library become a place teenagers choose to spend time?',
    themes: ['community', 'youth', 'spaces'],
    audiences: ['teenagers', 'school clubs', 'young gamers'],
    goals: [
      'host study nights',
      'lend games and gear',
      'run creator workshops',
      'make room to talk',
    ],
    places: ['the reading room', 'the basement hall', 'the library garden'],
  },
  {
    title: 'Onboarding new engineers',
    problem: 'How do we get new engineers shipping confidently in their first two weeks?',
    themes: ['onboarding', 'documentation', 'mentoring'],
    audiences: ['new hires', 'team leads', 'remote engineers'],
    goals: [
      'ship a first change',
      'find the right docs',
      'meet their buddy',
      'understand the architecture',
    ],
    places: ['the team channel', 'the wiki', 'the weekly demo'],
  },
  {
    title: 'Customer support backlog',
    problem: 'How might we answer every support ticket within one working day?',
    themes: ['support', 'automation', 'workload'],
    audiences: ['support agents', 'frustrated customers', 'product managers'],
    goals: [
      'triage tickets faster',
      'answer common questions once',
      'spot angry customers early',
      'close stale tickets',
    ],
    places: ['the help centre', 'the ticket queue', 'the status page'],
  },
  {
    title: 'Cycling to work',
    problem: 'What would make twice as many colleagues cycle to work?',
    themes: ['mobility', 'health', 'facilities'],
    audiences: ['commuters', 'new cyclists', 'facility managers'],
    goals: ['park bikes safely', 'shower after the ride', 'plan safe routes', 'repair flat tyres'],
    places: ['the car park', 'the lobby', 'the courtyard'],
  },
  {
    title: 'Neighbourhood loneliness',
    problem: 'How can our neighbourhood help older residents who live alone feel less isolated?',
    themes: ['community', 'care', 'volunteering'],
    audiences: ['older residents', 'volunteers', 'local shop owners'],
    goals: ['meet neighbours weekly', 'get help with errands', 'share a meal', 'learn new skills'],
    places: ['the community centre', 'the corner café', 'the park benches'],
  },
  {
    title: 'Meeting overload',
    problem: 'How might we give every team member two meeting-free days a week?',
    themes: ['focus', 'collaboration', 'culture'],
    audiences: ['managers', 'makers', 'distributed teams'],
    goals: [
      'decide without meeting',
      'share updates in writing',
      'protect focus time',
      'shorten stand-ups',
    ],
    places: ['the shared calendar', 'the team handbook', 'the async channel'],
  },
  {
    title: 'Reusable packaging',
    problem: 'How can our online shop ship without single-use packaging?',
    themes: ['packaging', 'logistics', 'sustainability'],
    audiences: ['shoppers', 'warehouse staff', 'delivery partners'],
    goals: ['return boxes easily', 'reuse padding', 'reward returns', 'fit more in each parcel'],
    places: ['the warehouse', 'the checkout page', 'local pick-up points'],
  },
  {
    title: 'Museum on a rainy day',
    problem: 'How might the city museum turn rainy weekends into its busiest days?',
    themes: ['culture', 'families', 'events'],
    audiences: ['families with toddlers', 'tourists', 'art students'],
    goals: [
      'explore at their own pace',
      'make something to take home',
      'find the quiet rooms',
      'book last-minute tours',
    ],
    places: ['the main hall', 'the museum café', 'the workshop room'],
  },
  {
    title: 'Saving energy at school',
    problem: 'How can pupils help their school cut its energy bill by a fifth?',
    themes: ['energy', 'education', 'behaviour'],
    audiences: ['pupils', 'teachers', 'the caretaker'],
    goals: [
      'switch off idle devices',
      'track daily usage',
      'keep classrooms warm',
      'compete between classes',
    ],
    places: ['the gym', 'the computer lab', 'every classroom'],
  },
  {
    title: 'Clinic waiting times',
    problem: 'How might a small clinic make waiting feel shorter and more useful?',
    themes: ['healthcare', 'experience', 'scheduling'],
    audiences: ['patients', 'receptionists', 'carers'],
    goals: [
      'know their turn',
      'fill in forms before arriving',
      'learn about prevention',
      'reschedule quickly',
    ],
    places: ['the waiting room', 'the booking line', 'the clinic website'],
  },
  {
    title: 'Open-source contributors',
    problem: 'How do we turn occasional users of our library into regular contributors?',
    themes: ['open source', 'community', 'documentation'],
    audiences: ['first-time contributors', 'maintainers', 'corporate users'],
    goals: [
      'find a good first issue',
      'get reviews faster',
      'understand the roadmap',
      'get credit for their work',
    ],
    places: ['the issue tracker', 'the contributor guide', 'the monthly call'],
  },
];

// prettier-ignore
const ADJECTIVES = [
  'Shared', 'Weekly', 'Anonymous', 'Gamified', 'Pop-up', 'Self-service', 'Rotating', 'Mobile',
  'Peer-led', 'Solar-powered', 'Subscription', 'Modular', 'Zero-waste', 'Voice-controlled',
  'Community', 'Pay-what-you-can', 'Neighbourhood', 'Tiny', 'Offline-first', 'Opt-in', 'Seasonal',
  'Color-coded', 'Printable', 'Hands-on', 'Five-minute', 'Friendly', 'Playful', 'Silent', 'Open',
  'Smart',
];

// prettier-ignore
const NOUNS = [
  'kiosk', 'league', 'map', 'swap shop', 'hotline', 'checklist', 'ambassador programme',
  'dashboard', 'lending library', 'challenge', 'badge system', 'newsletter', 'podcast', 'toolkit',
  'mentor circle', 'pilot', 'marketplace', 'chat bot', 'calendar', 'scoreboard', 'buddy system',
  'starter pack', 'office hours', 'photo wall', 'feedback loop', 'sign-up sheet', 'treasure hunt',
  'open day', 'pledge board', 'help desk',
];

const TECHNIQUE_PREFIXES: Record<BrainstormType, readonly string[]> = {
  bad_idea_contest: ['Flipped: ', 'Worst idea, turned around: ', ''],
  classic: [''],
  reverse_brainstorming: ['Inverted: ', 'Do the opposite: ', ''],
  scamper: [
    'Substitute: ',
    'Combine: ',
    'Adapt: ',
    'Modify: ',
    'Repurpose: ',
    'Eliminate: ',
    'Reverse: ',
  ],
  six_thinking_hats: ['Green hat: ', 'Yellow hat: ', 'Blue hat: ', 'White hat: ', ''],
  starbursting: ['Who: ', 'What: ', 'Where: ', 'When: ', 'Why: ', 'How: '],
  crazy_eights: ['Sketch: ', ''],
  mind_mapping: ['Branch: ', ''],
};

// prettier-ignore
const VERBS = [
  'get', 'use', 'join', 'sign up for', 'try', 'run', 'borrow', 'vote on', 'build', 'look after',
];
// prettier-ignore
const WHEN = [
  'every Monday morning', 'once a month', 'during lunch', 'after hours', 'on their first day',
  'at the end of each sprint', 'whenever they like', 'in the first week', 'on rainy days',
  'twice a week',
];
// prettier-ignore
const OPENERS = [
  'Start with a small pilot in {place} and see who turns up.',
  'Put it in {place}, where people already pass by.',
  'Ask a few {audience} to co-design it before launch.',
  'Announce it in {place} with a short demo.',
  'Let {audience} run it themselves after the first month.',
];
// prettier-ignore
const MIDDLES = [
  'It costs little because it reuses what we already have.',
  'Track how many people {goal} before and after, and publish the numbers.',
  'A simple sign-up keeps it fair and shows demand early.',
  'Pair it with a small reward so the first users tell others.',
  'Keep the rules to one page so nobody needs training.',
  'The main risk is that interest fades; rotate who hosts it to keep it fresh.',
  'It works without new software: paper, a shared sheet and a reminder are enough.',
  'Budget: a few hundred euros for materials and one afternoon a week of someone’s time.',
];
// prettier-ignore
const CLOSERS = [
  'If it works, roll it out to {place} next.',
  'Review after six weeks and drop it if fewer than ten people use it.',
  'Success means more {audience} {goal} without being asked.',
  'It could later grow into a permanent {noun}.', '',
];

// prettier-ignore
const COMMENTS = [
  'Love this one.', 'We tried something similar last year; it stalled after a month.',
  'Who would own this?', 'Could we test it next week?', 'Cheap and easy, let’s do it.',
  'Not sure the budget allows it.', 'This pairs well with the idea above.',
  'How would we measure success?', 'I can volunteer to run the pilot.',
  'Feels too complicated for a first step.', 'The legal team should look at this first.',
  'Great for newcomers.', 'Maybe combine it with a weekly reminder?', '+1, simple and concrete.',
  'What happens in the holidays?', 'Ask the people affected before we decide.',
];

const MODELS = ['offline-echo-1', 'offline-mixer-2', 'offline-mixer-3-large'];

const fill = (template: string, slots: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => slots[key] ?? key);

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function brainstormText(random: Random, problem: Problem, typeName: string) {
  return {
    title: `${problem.title} — ${typeName}`,
    description: `A ${typeName} session on ${problem.title.toLowerCase()}, focusing on ${random
      .sample(problem.themes, 2)
      .join(' and ')}.`,
  };
}

export function ideaText(random: Random, problem: Problem, type: BrainstormType) {
  const slots = {
    audience: random.pick(problem.audiences),
    goal: random.pick(problem.goals),
    place: random.pick(problem.places),
    noun: random.pick(NOUNS),
  };
  const thing = `${random.pick(ADJECTIVES)} ${slots.noun}`;
  const purpose = random.chance(0.5) ? `to ${slots.goal}` : `for ${slots.audience}`;
  const title = `${random.pick(TECHNIQUE_PREFIXES[type])}${thing} ${purpose}`;
  const summary = `${capitalise(slots.audience)} ${random.pick(VERBS)} a ${thing.toLowerCase()} ${random.pick(
    WHEN,
  )} to ${slots.goal}.`;
  const sentences = [
    random.pick(OPENERS),
    ...random.sample(MIDDLES, random.int(1, 3)),
    random.pick(CLOSERS),
  ];
  const description = sentences
    .filter(Boolean)
    .map((s) => fill(s, slots))
    .join(' ');
  return { title, summary, description };
}

/** Ideas written by hand or imported carry no generation details. */
export const NO_PROVENANCE = {
  provider: null,
  model: null,
  technique: null,
  promptVersion: null,
  settings: null,
  inputTokens: null,
  outputTokens: null,
};

export function provenance(random: Random, type: BrainstormType) {
  return {
    provider: 'offline',
    model: random.pick(MODELS),
    technique: type,
    promptVersion: random.pick(['v1', 'v2']),
    settings: { temperature: random.pick([0.7, 0.9, 1.1]), max_tokens: 1_024 },
    inputTokens: random.int(300, 1_200),
    outputTokens: random.int(80, 600),
  };
}

export const commentText = (random: Random) =>
  random.chance(0.3) ? `${random.pick(COMMENTS)} ${random.pick(COMMENTS)}` : random.pick(COMMENTS);
