/**
 * The scale benchmark's written ideas: varied, realistic titles and summaries composed from word
 * lists, each slot stepping through its list at its own pace so that two ideas rarely share more
 * than a word or two; and light rewordings of given ideas, which the detector stacks.
 */

/** What a person writes: the two fields the detector compares. */
export interface IdeaText {
  title: string;
  summary: string;
}

// prettier-ignore
const ACTIONS = [
  'Set up', 'Offer', 'Rotate', 'Publish', 'Pilot', 'Replace', 'Share', 'Schedule', 'Reward',
  'Map', 'Automate', 'Label', 'Lend', 'Host', 'Track', 'Simplify', 'Open', 'Trial', 'Bundle',
  'Crowdsource', 'Subsidise', 'Redesign', 'Pair up', 'Sponsor', 'Digitise', 'Retire', 'Gamify',
];

// prettier-ignore
const THINGS = [
  'quiet phone booths', 'a shared team calendar', 'covered bike racks', 'standing desks',
  'a tool library', 'lunch-and-learn sessions', 'a suggestion wall', 'noise-cancelling headsets',
  'carpool matching', 'a weekly newsletter', 'mentoring pairs', 'indoor plant corners',
  'meeting-free mornings', 'a help desk chatbot', 'reusable coffee cups', 'an anonymous feedback form',
  'night bus passes', 'monthly repair cafés', 'language tandems', 'a rooftop vegetable garden',
  'a snack swap shelf', 'flexible start times', 'walking meetings', 'sorted recycling stations',
  'an onboarding checklist', 'open studio days', 'a lost-and-found app', 'parcel lockers',
  'childcare vouchers', 'a skills directory', 'hot-desk booking', 'a volunteering day',
];

// prettier-ignore
const AUDIENCES = [
  'new hires', 'night-shift staff', 'remote teams', 'working parents', 'summer interns',
  'the support desk', 'visiting clients', 'volunteers', 'field engineers', 'the finance team',
  'students', 'neighbours', 'older members', 'part-time cashiers', 'warehouse crews',
  'the sales floor', 'first-time managers', 'contractors', 'lab technicians',
];

// prettier-ignore
const PLACES = [
  'in the lobby', 'on the third floor', 'next to the canteen', 'in the car park',
  'on the intranet', 'in every meeting room', 'by the main entrance', 'at the depot',
  'behind reception', 'in the basement hall', 'along the east corridor', 'in the staff app',
  'at the loading bay', 'beside the print room', 'on the night bus route', 'in the quiet wing',
  'at the weekend market', 'on the shared drive', 'in the training centre', 'at the front desk',
  'near the lifts', 'in the garden courtyard', 'on the team wiki',
];

// prettier-ignore
const OUTCOMES = [
  'so fewer people feel lost in their first week', 'to cut the noise during focus hours',
  'which saves about an hour a week each', 'so that good suggestions are not forgotten',
  'to halve the queue at lunchtime', 'so nobody has to ask twice', 'to make Mondays less hectic',
  'which costs less than the current contract', 'so visitors find their way without help',
  'to keep spare parts from going missing', 'so shifts hand over without gaps',
  'which the last survey asked for', 'to bring turnover down this year',
  'so that quiet colleagues get heard', 'to save paper and printer toner',
  'so teams meet people outside their floor', 'which should pay for itself within a year',
];

const at = (list: readonly string[], n: number) => list[n % list.length] ?? '';

/**
 * The n-th written idea (from 0): each slot steps through its list, whose lengths are primes or
 * prime powers, at a pace prime to it: two ideas fewer than 323 apart share at most one slot.
 */
export function writtenIdea(n: number): IdeaText {
  const title = `${at(ACTIONS, n * 7 + 1)} ${at(THINGS, n)} for ${at(AUDIENCES, n * 5 + 3)}`;
  const summary = `${capitalise(at(PLACES, n * 3 + 2))}, ${at(OUTCOMES, n * 11 + 4)}.`;
  return { title, summary };
}

// prettier-ignore
const REWORDINGS: [RegExp, string][] = [
  [/\bfor\b/, 'aimed at'], [/\bthe\b/i, 'our'], [/\ba\b/i, 'one'], [/\band\b/, '&'],
];

/**
 * A light rewording of an idea, as a colleague who missed it would write it: a word swapped, a
 * few added at the front. Nearly all its trigrams are the original's: the detector stacks it.
 */
export function reworded(idea: IdeaText, n: number): IdeaText {
  const [pattern, replacement] = REWORDINGS[n % REWORDINGS.length] ?? [/$/, ''];
  return {
    title: `${n % 2 === 0 ? 'Idea: ' : 'Maybe '}${idea.title.replace(pattern, replacement)}`,
    summary: idea.summary,
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
