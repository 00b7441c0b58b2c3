/** The rating every idea starts a ranking with. */
export const START_RATING = 1000;
/** The points at stake in one comparison. */
export const K_FACTOR = 32;
/**
 * Steps the search for a pairing without rematches may take before it settles for one with
 * them: plenty for 50 ideas, whose few rounds leave many partners unmet.
 */
const SEARCH_STEPS = 20_000;

/**
 * How many Swiss rounds a ranking of `n` ideas plays: one for two ideas, else enough for a
 * clear leader (log2 n, plus one), never more than a round-robin has.
 */
export function swissRounds(n: number): number {
  if (n < 2) return 0;
  if (n === 2) return 1;
  return Math.min(Math.ceil(Math.log2(n)) + 1, n - 1);
}

/** The comparisons a ranking of `n` ideas makes: every round pairs all but a bye. */
export const swissComparisons = (n: number) => swissRounds(n) * Math.floor(n / 2);

/** The score an idea rated `rating` is expected to make against one rated `opponent`, 0–1. */
export const expectedScore = (rating: number, opponent: number) =>
  1 / (1 + 10 ** ((opponent - rating) / 400));

/** One idea's place in a tournament. */
interface Entry {
  idea: number;
  /** Its place in the order the ideas were chosen: breaks ties of rating. */
  seed: number;
  rating: number;
  wins: number;
  losses: number;
  byes: number;
  met: Set<number>;
}

/** A tournament between rounds: each idea's rating, record and opponents so far. */
export interface Tournament {
  entries: Map<number, Entry>;
}

/** One comparison of a round: the ideas as the model is shown them, `a` first. */
export interface Pairing {
  /** Its place in the round, from 1. */
  pair: number;
  a: number;
  b: number;
}

export interface RoundPlan {
  pairs: Pairing[];
  /** The idea that sits this round out, when their number is odd. */
  bye: number | null;
}

/** An idea's standing at the end, its rating to one decimal. */
export interface Standing {
  idea: number;
  rating: number;
  wins: number;
  losses: number;
}

/** A tournament of the ideas given, in seed order, all at the starting rating. */
export function startTournament(ideas: readonly number[]): Tournament {
  return {
    entries: new Map(
      ideas.map((idea, seed) => [
        idea,
        { idea, seed, rating: START_RATING, wins: 0, losses: 0, byes: 0, met: new Set() },
      ]),
    ),
  };
}

/** Best rated first; equal ratings in seed order. */
function byRating(tournament: Tournament): Entry[] {
  return [...tournament.entries.values()].sort((x, y) => y.rating - x.rating || x.seed - y.seed);
}

/**
 * The pairs of a round, from the entries best first: each is paired with the next one it has
 * not met, searching further (and back) while a rematch can be avoided. Null when it cannot.
 */
function pairWithoutRematch(order: Entry[], budget: { steps: number }): [Entry, Entry][] | null {
  const [first, ...rest] = order;
  if (!first) return [];
  for (const [index, partner] of rest.entries()) {
    if (first.met.has(partner.idea)) continue;
    if (--budget.steps < 0) return null;
    const tail = pairWithoutRematch(
      rest.filter((_, i) => i !== index),
      budget,
    );
    if (tail) return [[first, partner], ...tail];
  }
  return null;
}

/** The pairs when a rematch cannot be avoided: each with the next unmet one, else the next. */
function pairGreedily(order: Entry[]): [Entry, Entry][] {
  const left = [...order];
  const pairs: [Entry, Entry][] = [];
  for (let first = left.shift(); first; first = left.shift()) {
    const unmet = left.findIndex((entry) => !first.met.has(entry.idea));
    const [partner] = left.splice(Math.max(unmet, 0), 1);
    if (partner) pairs.push([first, partner]);
  }
  return pairs;
}

/**
 * Who may sit out when the number is odd, most fitting first: those with the fewest byes, so
 * nobody sits out twice while another has not, the lowest rated of them first.
 */
function byeCandidates(order: Entry[]): (Entry | null)[] {
  if (order.length % 2 === 0) return [null];
  const fewest = Math.min(...order.map((entry) => entry.byes));
  return order.filter((entry) => entry.byes === fewest).reverse();
}

/**
 * Pairs a Swiss round: ideas sorted by rating (ties in seed order), each with the next it has
 * not met, a rematch only when nothing else is left; with an odd number, the lowest-rated idea
 * that has sat out least sits this one out. Which idea is shown first alternates with the parity
 * of round and pair, so that the model's leaning towards a position evens out. Deterministic:
 * the same results always give the same pairs.
 */
export function pairRound(tournament: Tournament, round: number): RoundPlan {
  const order = byRating(tournament);
  const candidates = byeCandidates(order);
  let chosen: { bye: Entry | null; pairs: [Entry, Entry][] } | null = null;
  const budget = { steps: SEARCH_STEPS };
  for (const bye of candidates) {
    const pairs = pairWithoutRematch(
      order.filter((entry) => entry !== bye),
      budget,
    );
    if (pairs) {
      chosen = { bye, pairs };
      break;
    }
  }
  const bye = chosen?.bye ?? candidates[0] ?? null;
  const pairs = chosen?.pairs ?? pairGreedily(order.filter((entry) => entry !== bye));
  return {
    bye: bye?.idea ?? null,
    pairs: pairs.map(([higher, lower], index) => {
      const pair = index + 1;
      const higherFirst = (round + pair) % 2 === 0;
      return {
        pair,
        a: higherFirst ? higher.idea : lower.idea,
        b: higherFirst ? lower.idea : higher.idea,
      };
    }),
  };
}

/** Counts a bye: the idea sat a round out, its rating unchanged. */
export function recordBye(tournament: Tournament, idea: number): void {
  const entry = tournament.entries.get(idea);
  if (entry) entry.byes += 1;
}

/**
 * Counts one comparison: the winner gains and the loser gives up K times how unexpected the
 * result was (Elo). Each idea plays once a round, so a round's results may come in any order.
 */
export function recordResult(
  tournament: Tournament,
  result: { a: number; b: number; winner: number },
): void {
  const a = tournament.entries.get(result.a);
  const b = tournament.entries.get(result.b);
  if (!a || !b) throw new Error(`ideas ${result.a} and ${result.b} are not both in the ranking`);
  const [winner, loser] = result.winner === a.idea ? [a, b] : [b, a];
  const change = K_FACTOR * (1 - expectedScore(winner.rating, loser.rating));
  winner.rating += change;
  loser.rating -= change;
  winner.wins += 1;
  loser.losses += 1;
  a.met.add(b.idea);
  b.met.add(a.idea);
}

/** The ideas best rated first (ties in seed order), ratings to one decimal. */
export function standings(tournament: Tournament): Standing[] {
  return byRating(tournament).map((entry) => ({
    idea: entry.idea,
    rating: Math.round(entry.rating * 10) / 10,
    wins: entry.wins,
    losses: entry.losses,
  }));
}
