/*
 * What the offline provider takes from a problem, by plain word rules rather than a model:
 * who it is about, what they (or we) want to do, and what it concerns. English only; a problem
 * in another language yields nothing, and the provider falls back on the brainstorm's title.
 */

/** What a problem says, in pieces short enough to reuse without quoting it. */
export interface ProblemReading {
  /** Who the problem is about, plural and lowercase: 'teenagers', 'new engineers'. */
  audience?: string;
  /** What is wanted, as a short verb phrase in the base form: 'sleep more'. */
  aim?: { text: string; by: 'audience' | 'us' | 'topic' };
  /** What it concerns, as a noun phrase: 'the town library', 'our open-plan office'. */
  topic?: string;
  /** What the aim acts on, when nobody is named: 'make the office kitchen worse' → 'the office kitchen'. */
  object?: string;
  /** Texts no idea may contain, normalised (`normaliseText`): the problem, its bare question. */
  quoted: string[];
}

/** Lowercase words separated by single spaces: how texts are compared for quoting. */
export const normaliseText = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const set = (words: string) => new Set(words.split(' '));

/** People nouns, singular and plural ('-s' plurals are implied). */
const PEOPLE = new Map<string, string>(
  (
    'teenager teen adolescent student pupil kid parent resident neighbour neighbor citizen ' +
    'tenant employee colleague coworker worker engineer developer designer manager leader hire ' +
    'newcomer starter customer client user patient visitor guest volunteer member contributor ' +
    'reader learner teacher nurse doctor carer caregiver driver commuter cyclist shopper buyer ' +
    'seller player fan athlete senior retiree pensioner elder adult grandparent girl boy farmer ' +
    'researcher scientist subscriber donor traveller traveler tourist passenger freelancer ' +
    'founder owner homeowner renter voter attendee participant mentor mentee apprentice intern ' +
    'graduate candidate applicant agent operator technician chef cleaner officer coach trainee ' +
    'beginner expert refugee migrant immigrant musician artist writer walker runner listener ' +
    'viewer diner fellow peer freshman'
  )
    .split(' ')
    .flatMap((word) => [
      [word, `${word}s`],
      [`${word}s`, `${word}s`],
    ])
    .concat(
      Object.entries({
        staff: 'staff',
        people: 'people',
        person: 'people',
        child: 'children',
        children: 'children',
        family: 'families',
        families: 'families',
        baby: 'babies',
        babies: 'babies',
        man: 'men',
        men: 'men',
        woman: 'women',
        women: 'women',
        freshmen: 'freshmen',
        elderly: 'elderly people',
        youth: 'young people',
      }),
    ) as [string, string][],
);

/** Words that may stand before a people noun as part of its name ('new hires', 'team members'). */
const MODIFIERS = set(
  'new young younger old older elderly first-time part-time full-time remote local busy ' +
    'occasional regular junior senior international foreign working single lonely shy ' +
    'team staff school university college hospital office support sales night shift ' +
    'front-line frontline early-career first-year small-business disabled retired adult ' +
    'teenage teen student new-born future potential returning isolated vulnerable',
);

const DETERMINERS = set(
  'a an the our their your my his her its every each all more many most some any both these ' +
    'those few fewer twice as much enough other',
);

/** Common verbs in the base form: where a question's actor ends and its action begins. */
const VERBS = set(
  'help make get give become turn cut reduce increase improve keep stop start build create find ' +
    'bring let answer ship grow attract encourage support feel choose spend save learn use ' +
    'share see meet run take have go come stay live work sleep eat read play win avoid prevent ' +
    'raise lower boost double halve engage retain welcome connect reach serve sell offer ' +
    'provide deliver handle manage solve fix change move design plan organise organize track ' +
    'measure reward motivate involve include protect clean recycle reuse cycle walk drive travel ' +
    'visit join return finish complete understand know speak listen talk write teach train ' +
    'practise practice focus concentrate rest relax study apply hire onboard recruit fund pay ' +
    'afford donate volunteer contribute collaborate communicate respond reply ask tell show ' +
    'explain celebrate enjoy trust remember notice check test try prepare cook repair lend ' +
    'borrow open publish enable allow persuade inspire convince empower nudge invite grant ' +
    'cope thrive drink exercise vote adopt switch waste lose spend fill answer be do',
);

/** Verbs that take a person and then what that person should do ('help X sleep'). */
const CAUSATIVES = set(
  'help enable allow let encourage get persuade motivate inspire support make convince ' +
    'empower nudge invite push teach',
);
/** Verbs that hand a person something: 'give X two free days' → X get two free days. */
const GIVING = new Map([
  ['give', 'get'],
  ['offer', 'get'],
  ['grant', 'get'],
  ['provide', 'get'],
  ['show', 'see'],
]);

/** Words at which an aim is cut short, so that it names the action and not every detail. */
const CUT = set(
  'in at on by within without during from across through over under between among per via so ' +
    'while when whenever before after because and or but than who which that for with into of ' +
    'unless until whilst despite like',
);
const TRAILING = set('a an the to of our their your my its as and or than');

const OPENING =
  /^(?:so\s+)?(?:how|in what ways?)\s+(?:might|can|could|should|do|does|would|will|shall|may)\s+/i;
const PRONOUNS = set('we i you us they one');

function wordsOf(text: string): string[] {
  return text
    .replace(/[“”"()[\]{}]/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');
}
const lower = (word: string) => word.toLowerCase().replace(/’/g, "'");

/** A people noun phrase starting at `start` (after determiners): its plural text and its end. */
function peopleAt(words: string[], start: number): { text: string; end: number } | null {
  let i = start;
  while (i < words.length && DETERMINERS.has(lower(words[i] ?? ''))) i += 1;
  const modifiers: string[] = [];
  for (; i < words.length && modifiers.length <= 2; i += 1) {
    const word = lower(words[i] ?? '');
    const plural = namesPeople(words, i) ? PEOPLE.get(word) : undefined;
    if (plural !== undefined) return { text: [...modifiers, plural].join(' '), end: i + 1 };
    if (!MODIFIERS.has(word)) return null;
    modifiers.push(word);
  }
  return null;
}

/** Whether words[i] names people itself, rather than qualifying the next word ('senior staff'). */
function namesPeople(words: string[], i: number): boolean {
  const word = lower(words[i] ?? '');
  const next = lower(words[i + 1] ?? '');
  return PEOPLE.has(word) && !(MODIFIERS.has(word) && (PEOPLE.has(next) || MODIFIERS.has(next)));
}

/** The first people noun phrase anywhere in the words, with the modifiers just before it. */
function findPeople(words: string[]): string | undefined {
  for (let i = 0; i < words.length; i += 1) {
    const plural = namesPeople(words, i) ? PEOPLE.get(lower(words[i] ?? '')) : undefined;
    if (plural === undefined) continue;
    let from = i;
    while (from > 0 && i - from < 2 && MODIFIERS.has(lower(words[from - 1] ?? ''))) from -= 1;
    return [...words.slice(from, i).map(lower), plural].join(' ');
  }
  return undefined;
}

/** 'shipping' → 'ship', 'making' → 'make', 'cycling' → 'cycle'; other words as they are. */
export function baseForm(word: string): string {
  if (!/^[a-z]{2,}ing$/.test(word)) return word;
  const stem = word.slice(0, -3);
  if (EXCEPTIONS[stem] !== undefined) return EXCEPTIONS[stem];
  if (/([bdgmnprt])\1$/.test(stem) || /^.{4,}ell$/.test(stem)) return stem.slice(0, -1);
  const silentE =
    /v$|[^aeiou](?:at|ut|iz|ud|id|in|ur|ir|uc|ic|ag)$|[^aeiou][bcdfgkptz]l$|[aeiou]s$/.test(stem) ||
    (/^.{2,}[ae]ng$/.test(stem) && !/^(?:h|b|s|r|cl|sl|spr|w|t)ang$/.test(stem)) ||
    // One syllable ending in one vowel and one consonant: mak(e), shar(e), writ(e).
    /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(stem);
  return silentE && !/[^aeiou]us$/.test(stem) ? `${stem}e` : stem;
}
const EXCEPTIONS: Record<string, string> = { creat: 'create', be: 'be', see: 'see', do: 'do' };

/** The words of a verb phrase up to the first cut word (after two words), at most six. */
function shortAim(words: string[]): string[] {
  let end = Math.min(words.length, 6);
  for (let i = 2; i < end; i += 1) {
    if (CUT.has(lower(words[i] ?? ''))) end = i;
  }
  const aim = words.slice(0, end).map((word) => (/^[A-Z][a-z]/.test(word) ? word : lower(word)));
  const last = () => aim[aim.length - 1] ?? '';
  while (aim.length > 1 && (TRAILING.has(last()) || CUT.has(last()))) aim.pop();
  return aim;
}

const RELATIVE = set('who that which whose');

/** A verb phrase after the opening: who should act, and what they should do. */
function readAction(words: string[]): Omit<ProblemReading, 'quoted'> {
  const verb = lower(words[0] ?? '');
  if (CAUSATIVES.has(verb) || GIVING.has(verb)) {
    // 'make it easier for X to …'
    const easier = verb === 'make' && lower(words[1] ?? '') === 'it';
    const forAt = easier ? words.findIndex((word, i) => i > 1 && lower(word) === 'for') + 1 : 1;
    const people = forAt > 0 ? peopleAt(words, forAt) : null;
    if (people) {
      let rest = words.slice(people.end);
      // 'older residents who live alone feel …': the action follows the relative clause.
      if (RELATIVE.has(lower(rest[0] ?? ''))) {
        const next = rest.findIndex((word, i) => i > 2 && VERBS.has(lower(word)));
        rest = next < 0 ? [] : rest.slice(next);
      }
      if (lower(rest[0] ?? '') === 'to') rest = rest.slice(1);
      const given = GIVING.get(verb);
      const action = given ? [given, ...rest] : [baseForm(lower(rest[0] ?? '')), ...rest.slice(1)];
      const aim = rest.length > 0 ? shortAim(action) : [];
      return {
        audience: people.text,
        ...(aim.length > 0 && { aim: { text: aim.join(' '), by: 'audience' as const } }),
      };
    }
  }
  const aim = VERBS.has(verb) ? shortAim(words) : [];
  return {
    ...(aim.length > 0 && { aim: { text: aim.join(' '), by: 'us' as const } }),
    // Not the verb itself: 'hire', 'coach' and 'host' name people too.
    audience: findPeople(words.slice(1)),
  };
}

/** A question after its opening: 'we help …', 'the library become …', 'pupils help …'. */
function readQuestion(rest: string[]): Omit<ProblemReading, 'quoted'> {
  if (PRONOUNS.has(lower(rest[0] ?? ''))) return readAction(rest.slice(1));
  // The actor is a noun phrase: it ends where the first known verb begins.
  let start = 0;
  while (start < rest.length && DETERMINERS.has(lower(rest[start] ?? ''))) start += 1;
  const verbAt = rest.findIndex((word, i) => i > start && VERBS.has(lower(word)));
  if (verbAt < 0) return { audience: findPeople(rest) };
  const actor = rest.slice(0, verbAt);
  const action = readAction(rest.slice(verbAt));
  const people = peopleAt(actor, 0);
  if (people?.end === actor.length) {
    return { audience: people.text, ...(action.aim && { aim: { ...action.aim, by: 'audience' } }) };
  }
  return {
    ...action,
    topic: actor.map(lower).join(' '),
    ...(action.aim?.by === 'us' && { aim: { ...action.aim, by: 'topic' } }),
  };
}

const STATEMENT_VERB =
  /^(?:is|are|was|were|has|have|had|does|do|doesn't|don't|can't|cannot|gets?|takes?|feels?|needs?|lacks?|struggles?|loses?|keeps?|spends?|wastes?)$/i;

/** A statement: 'New hires take months to become productive.' */
function readStatement(words: string[]): Omit<ProblemReading, 'quoted'> {
  const audience = findPeople(words);
  const to = words.findIndex(
    (word, i) => lower(word) === 'to' && VERBS.has(lower(words[i + 1] ?? '')),
  );
  const aim = to < 0 ? [] : shortAim(words.slice(to + 1));
  const subjectEnd = words.findIndex((word, i) => i > 0 && STATEMENT_VERB.test(word));
  const subject = words.slice(0, Math.max(0, subjectEnd)).map(lower);
  const topic = !audience && subject.length > 0 && subject.length <= 4 ? subject.join(' ') : '';
  return {
    audience,
    ...(aim.length > 0 && {
      aim: { text: aim.join(' '), by: audience ? ('audience' as const) : ('us' as const) },
    }),
    ...(topic !== '' && { topic }),
  };
}

const COMPARATIVE = /^(?:more|less|better|worse|[a-z]+er)$/;

const PERSUASION = /^what\s+(?:would|could|might|will|can)\s+(make|get|help|encourage)\s+/i;

/** A problem read into its audience, aim and topic, with the texts that must not be quoted. */
export function readProblem(problem: string): ProblemReading {
  const text = problem.replace(/\s+/g, ' ').trim();
  const sentence = text.split(/(?<=[.?!])\s|[;:]/)[0] ?? '';
  const clause = sentence.split(/,\s|\s[-–—]\s/)[0] ?? '';
  const quoted = [normaliseText(text)];
  let reading: Omit<ProblemReading, 'quoted'>;
  const question = OPENING.exec(clause);
  const persuasion = PERSUASION.exec(clause);
  if (question) {
    const bare = normaliseText(sentence.slice(question[0].length));
    quoted.push(bare, bare.replace(/^(?:we|i|you|us|they|one) /, ''));
    reading = readQuestion(wordsOf(clause.slice(question[0].length)));
  } else if (persuasion) {
    quoted.push(normaliseText(sentence.slice(persuasion[0].length)));
    const verb = (persuasion[1] ?? 'help').toLowerCase();
    reading = readAction([verb, ...wordsOf(clause.slice(persuasion[0].length))]);
  } else {
    const words = wordsOf(clause);
    reading = readStatement([lower(words[0] ?? ''), ...words.slice(1)].filter((w) => w !== ''));
  }
  const nobody = reading.audience === undefined && reading.topic === undefined;
  const object = nobody ? (reading.aim?.text.split(' ').slice(1) ?? []) : [];
  while (object.length > 0 && COMPARATIVE.test(object[object.length - 1] ?? '')) object.pop();
  return {
    ...(reading.audience !== undefined && { audience: reading.audience }),
    ...(reading.aim && { aim: reading.aim }),
    ...(reading.topic !== undefined && { topic: reading.topic }),
    ...(object.length > 0 && { object: object.join(' ') }),
    quoted: [...new Set(quoted)].filter((text) => text !== ''),
  };
}
