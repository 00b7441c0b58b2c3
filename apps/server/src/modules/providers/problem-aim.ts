import { DETERMINERS } from './problem-people.js';
import { VERBS, lower } from './problem-verbs.js';

/*
 * What a problem wants done, as a short verb phrase in the base form that the offline ideas can
 * say after "can" or "helps everyone": 'sleep more', 'cut waiting times'. When the words found
 * would not make such a phrase, there is no aim: the ideas then speak of the people or the topic.
 */

const set = (words: string) => new Set(words.split(' '));

/** Verbs that take a person and then what that person should do ('help X sleep'). */
export const CAUSATIVES = set(
  'help enable allow let encourage get persuade motivate inspire support make convince ' +
    'empower nudge invite push teach',
);
/** Verbs that hand a person something: 'give X two free days' → X get two free days. */
export const GIVING = new Map([
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
    'unless until whilst despite like instead outside inside around near beyond',
);
const TRAILING = set('a an the to of our their your my its his her as and or than');

/** Nouns that need their 'of': 'the number of patients', 'part of the team'. */
const PARTITIVES = set(
  'number amount share proportion percentage part most rest lot lots sense use kind sort type ' +
    'range level quality',
);

/** What 'make X …' needs at its end to say anything: 'make the onboarding less lonely'. */
const COMPLEMENTS = set(
  'better worse safer faster easier cheaper quicker quieter healthier happier greener fairer ' +
    'simpler smoother kinder warmer cleaner calmer shorter longer smaller bigger larger higher ' +
    'lower clearer friendlier livelier closer stronger fuller wider fun possible achievable ' +
    'accessible affordable enjoyable',
);

/** Verbs that say nothing without what they act on: an aim of 'help' alone is no aim. */
const NEED_OBJECT = set(
  'help make get give let enable allow encourage persuade motivate inspire support convince ' +
    'empower nudge invite push teach offer grant provide show reduce increase improve cut ' +
    'build create find bring attract boost raise lower double halve keep stop start',
);

const MODALS = set('can could will would should must may might shall cannot');

const MAX_AIM_WORDS = 6;

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

/** A verb in the base form: a known verb as it is ('bring', 'sing'), an -ing form made base. */
export const verbForm = (word: string) =>
  VERBS.has(lower(word)) ? lower(word) : baseForm(lower(word));

/**
 * Whether a word can begin an action: only a verb the rules know. A word they do not know may as
 * well be a noun ('make the staff | kitchen a place …'), and guessing would put a fragment after
 * 'can'; with no aim, the ideas speak of the people or the topic instead.
 */
export const isVerb = (word: string) => VERBS.has(lower(word));

/**
 * Whether the aim ends before words[i]: at a preposition or a conjunction, where details begin
 * ('cut waiting times | at the GP surgery'), except an 'of' that a noun needs ('the number of')
 * and a 'to' that starts another verb ('choose to spend'); a 'to' before a noun phrase does cut.
 */
function endsBefore(words: string[], i: number): boolean {
  const word = lower(words[i] ?? '');
  const next = words[i + 1] ?? '';
  if (word === 'of') return !PARTITIVES.has(lower(words[i - 1] ?? ''));
  if (word === 'to') return DETERMINERS.has(lower(next)) || /^(?:\d|\p{Lu})/u.test(next);
  return CUT.has(word);
}

/** Names and acronyms keep their capitals in an aim: 'Monday mornings', 'their GCSEs'. */
const isName = (word: string) => /^\p{Lu}(?:\p{Ll}|\p{Lu}+s?$)/u.test(word);

/** Whether a word is a known verb's '-s' form ('grows'), so the clause it is in goes on. */
const isFiniteVerb = (word: string) =>
  /^[a-z]+s$/.test(word) && VERBS.has(word.replace(/e?s$/, ''));

/**
 * The words of a verb phrase up to where its details begin (after two words), at most six.
 * When six words end in the middle of a clause ('make 2025 the year our club | grows'), the
 * phrase cannot be cut short well and there is none.
 */
function cutAim(words: string[]): { aim: string[]; cut: number | null } {
  let end = Math.min(words.length, MAX_AIM_WORDS);
  let cut: number | null = null;
  for (let i = 2; i < end; i += 1) {
    if (endsBefore(words, i)) [end, cut] = [i, i];
  }
  if (cut === null && isFiniteVerb(lower(words[end] ?? ''))) return { aim: [], cut };
  const aim = words.slice(0, end).map((word) => (isName(word) ? word : lower(word)));
  return { aim, cut };
}

/**
 * 'make X' says nothing until its complement: when the details cut it short ('make the
 * onboarding | of remote employees less lonely'), the complement is found after them and the
 * details are kept only if the whole still fits.
 */
function withComplement(words: string[], aim: string[], cut: number): string[] {
  const at = words.findIndex((word, i) => i >= cut && COMPLEMENTS.has(lower(word)));
  const degree = words.findIndex(
    (word, i) => i >= cut && /^(?:more|less)$/i.test(word) && i + 1 < words.length,
  );
  const found = [at, degree].filter((i) => i >= 0 && i < cut + MAX_AIM_WORDS);
  // No complement: 'make a difference | in our town' says something, 'make the lives | of' not.
  if (found.length === 0) return lower(words[cut] ?? '') === 'of' || aim.length < 3 ? [] : aim;
  const from = Math.min(...found);
  const complement = words.slice(from, from === degree ? from + 2 : from + 1).map(lower);
  const whole = [...words.slice(0, from).map(lower), ...complement];
  return whole.length <= MAX_AIM_WORDS ? whole : [...aim, ...complement];
}

/**
 * The aim in a verb phrase (its first word the verb, in the base form), or nothing when the
 * words would not make a well-formed one: an aim must begin with a verb, must not be a verb
 * that needs an object with none, and must not end on a word that wants more after it.
 */
export function shortAim(words: string[]): string[] {
  const verb = lower(words[0] ?? '');
  if (!isVerb(words[0] ?? '')) return [];
  const found = cutAim(words);
  if (found.aim.length === 0) return [];
  let aim = found.aim;
  if (verb === 'make' && found.cut !== null && !aim.some((word) => COMPLEMENTS.has(word))) {
    aim = withComplement(words, aim, found.cut);
  }
  aim = withoutDangling(aim);
  if (aim.length === 1 && NEED_OBJECT.has(verb)) return [];
  // A clause inside ('make sure every child | can swim'): no short phrase says it whole.
  if (aim.some((word) => MODALS.has(word))) return [];
  return aim;
}

/** A phrase without the words that would leave it dangling at its end ('the', 'of', 'to'). */
export function withoutDangling(words: string[]): string[] {
  const kept = [...words];
  const last = () => lower(kept[kept.length - 1] ?? '');
  while (kept.length > 1 && (TRAILING.has(last()) || CUT.has(last()))) kept.pop();
  return kept;
}

/** Whether a word starts the details of a phrase ('through', 'of'), so no phrase starts with it. */
export const startsDetails = (word: string) => CUT.has(lower(word)) || lower(word) === 'to';
