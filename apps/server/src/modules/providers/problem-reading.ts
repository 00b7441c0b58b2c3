import {
  CAUSATIVES,
  GIVING,
  isVerb,
  shortAim,
  startsDetails,
  verbForm,
  withoutDangling,
} from './problem-aim.js';
import { DETERMINERS, findPeople, peopleAt } from './problem-people.js';
import { VERBS, lower } from './problem-verbs.js';

/*
 * What the offline provider takes from a problem, by plain word rules rather than a model:
 * who it is about (problem-people.ts), what they (or we) want to do (problem-aim.ts), and what
 * it concerns. English only; a problem in another language yields nothing, and the provider
 * falls back on the brainstorm's title. A piece the rules cannot read well is left out rather
 * than guessed: the ideas then use more neutral wording.
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

type Reading = Omit<ProblemReading, 'quoted'>;

/** Lowercase words separated by single spaces: how texts are compared for quoting. */
export const normaliseText = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const set = (words: string) => new Set(words.split(' '));

const OPENING =
  /^(?:so\s+)?(?:how|in what ways?)\s+(?:might|can|could|should|do|does|would|will|shall|may)\s+/i;
/** 'Can we make …?': a yes-or-no question that is an action of ours all the same. */
const CAN_WE = /^(?:can|could|should|shall|must)\s+(?=(?:we|i)\s)/i;
const PERSUASION = /^what\s+(?:would|could|might|will|can)\s+(make|get|help|encourage)\s+/i;
const PRONOUNS = set('we i you us they one');
const RELATIVE = set('who that which whose');
/** Words after which a causative verb starts an action on people: 'to help', 'for getting'. */
const LEADS_IN = set('to for of about on by');
/** Words a noun phrase about the problem never holds: questions and pronouns. */
const NOT_IN_TOPICS = set(
  'why what who whom whose where when which how whether if we i you us they them one it he ' +
    'she him this that',
);

function wordsOf(text: string): string[] {
  return text
    .replace(/[“”"()[\]{}]/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');
}

/**
 * The parts a problem is written in: sentences, list items (bullets, dashes, '1.'), and the
 * halves of 'Context: question' or 'A; B'. An aside in brackets is dropped first: it adds a
 * detail ('(13-18)', '(often unpaid)'), never the people or the action.
 */
function partsOf(problem: string): string[] {
  return problem
    .replace(/\([^()]*\)|\[[^[\]]*\]/g, ' ')
    .split(/\n|[•▪◦]|(?<=[.?!])\s|[;:]|(?:^|\s)\d{1,2}[.)](?=\s)/)
    .map((part) =>
      part
        .replace(/^\s*[-*–—]\s+/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((part) => wordsOf(part).length > 0);
}

/**
 * Where the people's own action begins after them. Usually at once ('help teenagers sleep'), or
 * after 'to' ('encourage X to vote'); 'get' takes an -ing form ('get engineers shipping'). A
 * detail about the people may come first ('aged 8-12', 'with dementia', 'who live alone'): then
 * the action is the next known verb after it, and there is none if no verb follows.
 */
function actionAfterPeople(rest: string[], verb: string): string[] {
  const first = lower(rest[0] ?? '');
  if (first === 'to' && VERBS.has(lower(rest[1] ?? ''))) return rest.slice(1);
  if (verb === 'get' && first.endsWith('ing')) return [verbForm(first), ...rest.slice(1)];
  if (isVerb(rest[0] ?? '')) return rest;
  // A relative clause has a verb of its own ('who live alone'): the action is after it.
  const from = RELATIVE.has(first) ? 3 : 1;
  const next = rest.findIndex((word, i) => i >= from && VERBS.has(lower(word)));
  return next < 0 ? [] : rest.slice(next);
}

/** The people after a causative verb: 'help X', 'make it easier for X'. */
function peopleAfterCausative(words: string[]) {
  const verb = lower(words[0] ?? '');
  if (!CAUSATIVES.has(verb) && !GIVING.has(verb)) return null;
  const easier = verb === 'make' && lower(words[1] ?? '') === 'it';
  const forAt = easier ? words.findIndex((word, i) => i > 1 && lower(word) === 'for') + 1 : 1;
  return forAt > 0 ? peopleAt(words, forAt) : null;
}

/** A verb phrase: who should act, and what they should do. */
function readAction(words: string[]): Reading {
  const verb = lower(words[0] ?? '');
  const people = peopleAfterCausative(words);
  if (people) {
    const rest = words.slice(people.end);
    const given = GIVING.get(verb);
    // What is given is the people's to have: 'give X two free days' → 'get two free days'.
    const action = given ? [given, ...rest] : actionAfterPeople(rest, verb);
    const aim = rest.length > 0 ? shortAim([verbForm(action[0] ?? ''), ...action.slice(1)]) : [];
    return {
      audience: people.text,
      ...(aim.length > 0 && { aim: { text: aim.join(' '), by: 'audience' as const } }),
    };
  }
  const aim = VERBS.has(verb) ? shortAim([verb, ...words.slice(1)]) : [];
  return {
    ...(aim.length > 0 && { aim: { text: aim.join(' '), by: 'us' as const } }),
    // Not the verb itself: 'hire', 'coach' and 'host' name people too.
    audience: findPeople(words.slice(1)),
  };
}

/** A question after its opening: 'we help …', 'the library become …', 'pupils help …'. */
function readQuestion(rest: string[]): Reading {
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

/**
 * An imperative: 'Reduce no-shows at the clinic.' Its first word is a known verb, not followed
 * by a preposition ('Support for carers …' is a noun), and nothing later reads as the verb of a
 * statement ('Work is stressful').
 */
const isImperative = (words: string[]) =>
  VERBS.has(words[0] ?? '') &&
  !['for', 'of', 'in', 'at', 'on'].includes(lower(words[1] ?? '')) &&
  !words.slice(1).some((word) => STATEMENT_VERB.test(word));

/**
 * An action on people inside a statement: 'We need to help new parents …', 'Ideas for getting
 * commuters to …'. The people it acts on are the ones the statement is about.
 */
function causativeInside(words: string[]): number {
  return words.findIndex((word, i) => {
    const verb = verbForm(word);
    return (
      i > 0 && LEADS_IN.has(lower(words[i - 1] ?? '')) && (CAUSATIVES.has(verb) || GIVING.has(verb))
    );
  });
}

/** A statement: 'New hires take months to become productive.' */
function readStatement(words: string[]): Reading {
  if (isImperative(words)) return readAction(words);
  const causative = causativeInside(words);
  if (causative >= 0) {
    const action = [verbForm(words[causative] ?? ''), ...words.slice(causative + 1)];
    if (peopleAfterCausative(action)) return readAction(action);
  }
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
    ...(aim.length > 0 && { aim: { text: aim.join(' '), by: aimBy(words, to, audience) } }),
    ...(topic !== '' && { topic }),
  };
}

/**
 * Who does a statement's aim: its people when they come before it ('New hires take months to
 * become productive'), otherwise us ('We need to stop losing customers').
 */
function aimBy(words: string[], to: number, audience: string | undefined): 'audience' | 'us' {
  if (audience === undefined) return 'us';
  const before = findPeople(words.slice(0, to));
  return before === undefined ? 'us' : 'audience';
}

/**
 * A topic (or an aim's object) is said after 'for' and before 'can': it must be a noun phrase,
 * so not a question word, a pronoun or a number ('Why are our trains late?' has no topic 'why').
 */
function isTopic(topic: string): boolean {
  const words = topic.split(' ');
  return (
    !/^\d/.test(topic) &&
    !words.some((word) => NOT_IN_TOPICS.has(word)) &&
    !startsDetails(words[0] ?? '') &&
    withoutDangling(words).length === words.length &&
    words.some((word) => !DETERMINERS.has(word))
  );
}

/** The part to read: the first that asks a question, or else the first. */
function mainPart(parts: string[]): string {
  const asking = parts.find((part) => [OPENING, CAN_WE, PERSUASION].some((re) => re.test(part)));
  return asking ?? parts[0] ?? '';
}

const COMPARATIVE = /^(?:more|less|better|worse|[a-z]+er)$/;

/** What the aim acts on, when nobody is named: its noun phrase, up to its own verb or degree. */
function objectOf(reading: Reading): string[] {
  if (reading.audience !== undefined || reading.topic !== undefined) return [];
  const object = reading.aim?.text.split(' ').slice(1) ?? [];
  const verbAt = object.findIndex((word, i) => i > 0 && VERBS.has(word));
  if (verbAt > 0) object.splice(verbAt);
  while (object.length > 0 && COMPARATIVE.test(object[object.length - 1] ?? '')) object.pop();
  return startsDetails(object[0] ?? 'of') ? [] : withoutDangling(object);
}

/** A problem read into its audience, aim and topic, with the texts that must not be quoted. */
export function readProblem(problem: string): ProblemReading {
  const text = problem.replace(/\s+/g, ' ').trim();
  // A problem in capitals is shouted, not full of names: it is read in lowercase.
  const sentence = mainPart(partsOf(/\p{Ll}/u.test(problem) ? problem : problem.toLowerCase()));
  const clause = sentence.split(/,\s|\s[-–—]\s/)[0] ?? '';
  const quoted = [normaliseText(text)];
  let reading: Reading;
  const question = OPENING.exec(clause) ?? CAN_WE.exec(clause);
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
  const { audience, aim, topic } = reading;
  // 'so customers can stop losing customers': an aim on its own people is ours to do.
  const onItsPeople =
    aim?.by === 'audience' && audience !== undefined && aim.text.includes(audience);
  const object = objectOf(reading);
  return {
    ...(audience !== undefined && { audience }),
    ...(aim && { aim: onItsPeople ? { ...aim, by: 'us' as const } : aim }),
    ...(topic !== undefined && isTopic(topic) && { topic }),
    ...(object.length > 0 && isTopic(object.join(' ')) && { object: object.join(' ') }),
    quoted: [...new Set(quoted)].filter((text) => text !== ''),
  };
}
