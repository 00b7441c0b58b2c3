/*
 * Who a problem is about, as a plural noun phrase the offline ideas can say after "for" and
 * before "can": 'teenagers', 'new engineers', 'older people'. Never a number, a range or a verb.
 */

import { VERBS, lower } from './problem-verbs.js';

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
    'viewer diner fellow peer freshman undergraduate dad mum mom mother father sibling partner ' +
    'landlord landlady'
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
export const MODIFIERS = set(
  'new young younger old older elderly first-time part-time full-time remote local busy ' +
    'occasional regular junior senior international foreign working single lonely shy ' +
    'team staff school university college hospital office support sales night shift ' +
    'front-line frontline early-career first-year small-business disabled retired adult ' +
    'teenage teen student new-born future potential returning isolated vulnerable',
);

export const DETERMINERS = set(
  'a an the our their your my his her its every each all more many most some any both these ' +
    'those few fewer twice as much enough other so',
);

/** '500', '2,000', '20' (of '20%'): a count before the people, read like a determiner. */
const isCount = (word: string) => /^\d[\d,.]*$/.test(word);

/**
 * A name or a number that qualifies people ('NHS staff', 'Year 9 pupils'): part of who they are,
 * but left out of the phrase, which is lowercase and never holds a number.
 */
const isName = (word: string) => /^(?:\p{Lu}[\p{L}-]*|\d+)$/u.test(word);

/** What stands before a people noun without naming them: 'the', 'twice as many', '500'. */
const isDeterminer = (word: string) => DETERMINERS.has(lower(word)) || isCount(word);

/**
 * People named by their age alone ('13-18 year olds', '16-to-24-year-olds', '18-25s',
 * 'over-60s'): the ages are details, so the rules name the group in words and never echo a number.
 */
function ageGroupAt(words: string[], i: number): { text: string; end: number } | null {
  const ages = /^(over-|under-)?(\d{1,3})(?:-(?:to-)?(\d{1,3}))?(-year-olds?|s)?$/.exec(
    lower(words[i] ?? ''),
  );
  if (!ages) return null;
  const [, bound, from = '', to, suffix] = ages;
  // A bare number is no age ('500 people'), nor '80s' without a range or a bound (a decade).
  if (suffix === 's' && to === undefined && bound === undefined) return null;
  const spelt =
    /^year$/.test(lower(words[i + 1] ?? '')) && /^olds?$/.test(lower(words[i + 2] ?? ''));
  if (suffix === undefined && !spelt) return null;
  const youngest = bound === 'under-' ? 0 : Number(from);
  const oldest = bound === 'over-' ? Infinity : Number(to ?? from);
  return { text: ageGroup(youngest, oldest), end: suffix === undefined ? i + 3 : i + 1 };
}

/** The words for people of these ages. */
function ageGroup(youngest: number, oldest: number): string {
  if (oldest <= 12) return 'children';
  if (oldest <= 19) return 'teenagers';
  if (oldest <= 30) return 'young people';
  if (youngest >= 60) return 'older people';
  return youngest >= 18 ? 'adults' : 'people';
}

/** Words that may follow people who are named: a verb, an auxiliary, a preposition, … */
const AFTER_PEOPLE = set(
  'is are was were be have has had do does did can could will would should may might must ' +
    "don't can't won't to in at on by for with from of into about and or but who that which " +
    'whose a an the our their your my his her its this these those every each',
);

/**
 * Whether words[i] names people itself, rather than qualifying the next word. A word that can
 * also qualify ('staff', 'student', 'senior') does so before people ('senior staff') and before
 * any other noun ('the staff kitchen', 'student loans'): it names people only when what follows
 * could follow people (a verb, a preposition, nothing).
 */
function namesPeople(words: string[], i: number): boolean {
  const word = lower(words[i] ?? '');
  const next = lower(words[i + 1] ?? '');
  if (!PEOPLE.has(word)) return false;
  if (!MODIFIERS.has(word)) return true;
  return next === '' || VERBS.has(next) || AFTER_PEOPLE.has(next) || !/^[a-z]/.test(next);
}

/** The people noun at words[i] (one word, or an age group's several): its plural and its end. */
function peopleNounAt(words: string[], i: number): { text: string; end: number } | null {
  const plural = namesPeople(words, i) ? PEOPLE.get(lower(words[i] ?? '')) : undefined;
  return plural === undefined ? ageGroupAt(words, i) : { text: plural, end: i + 1 };
}

/** A people noun phrase starting at `start` (after determiners): its plural text and its end. */
export function peopleAt(words: string[], start: number): { text: string; end: number } | null {
  let i = start;
  while (i < words.length && isDeterminer(words[i] ?? '')) i += 1;
  const modifiers: string[] = [];
  for (let skipped = 0; i < words.length && modifiers.length + skipped <= 2; i += 1) {
    const noun = peopleNounAt(words, i);
    if (noun) return { text: joinPeople(modifiers, noun.text), end: noun.end };
    const word = lower(words[i] ?? '');
    if (MODIFIERS.has(word)) modifiers.push(word);
    else if (isName(words[i] ?? '')) skipped += 1;
    else return null;
  }
  return null;
}

/** The first people noun phrase anywhere in the words, with the modifiers just before it. */
export function findPeople(words: string[]): string | undefined {
  for (let i = 0; i < words.length; i += 1) {
    const noun = peopleNounAt(words, i);
    if (!noun) continue;
    let from = i;
    while (from > 0 && i - from < 2 && MODIFIERS.has(lower(words[from - 1] ?? ''))) from -= 1;
    return joinPeople(words.slice(from, i).map(lower), noun.text);
  }
  return undefined;
}

/** Modifiers and noun as one phrase; 'young' before an age group's 'young people' once only. */
function joinPeople(modifiers: string[], noun: string): string {
  const nounWords = noun.split(' ');
  const kept = modifiers.filter((word) => !nounWords.includes(word));
  return [...kept, noun].join(' ');
}
