import { describe, expect, it } from 'vitest';
import {
  expectedScore,
  pairRound,
  recordBye,
  recordResult,
  standings,
  startTournament,
  swissComparisons,
  swissRounds,
} from './swiss-tournament.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => 101 + i);

/** Plays a whole tournament where `prefer` picks each winner; every round's plan returned. */
function play(ideas: number[], prefer: (a: number, b: number) => number) {
  const tournament = startTournament(ideas);
  const rounds = [];
  for (let round = 1; round <= swissRounds(ideas.length); round++) {
    const plan = pairRound(tournament, round);
    if (plan.bye !== null) recordBye(tournament, plan.bye);
    for (const { a, b } of plan.pairs) recordResult(tournament, { a, b, winner: prefer(a, b) });
    rounds.push(plan);
  }
  return { tournament, rounds };
}

const smaller = (a: number, b: number) => Math.min(a, b);
const pairKey = (a: number, b: number) => [a, b].sort((x, y) => x - y).join('-');

/** Whether the ideas could all be paired with one they have not met: a full search. */
function freshPairingExists(ideas: number[], met: Set<string>): boolean {
  const [first, ...rest] = ideas;
  if (first === undefined) return true;
  return rest.some(
    (partner, i) =>
      !met.has(pairKey(first, partner)) &&
      freshPairingExists(
        rest.filter((_, j) => j !== i),
        met,
      ),
  );
}

describe('the number of rounds and comparisons', () => {
  it('plays one round for two ideas, log2 N + 1 otherwise, never more than N - 1', () => {
    expect([2, 3, 4, 5, 7, 8, 9, 16, 20, 50].map(swissRounds)).toEqual([
      1, 2, 3, 4, 4, 4, 5, 5, 6, 7,
    ]);
    expect(swissRounds(1)).toBe(0);
    expect(swissComparisons(8)).toBe(16);
    expect(swissComparisons(7)).toBe(12);
    expect(swissComparisons(50)).toBe(175);
  });
});

describe('Elo ratings', () => {
  it('expects an even score between equals and 10 to 1 at 400 points apart', () => {
    expect(expectedScore(1000, 1000)).toBe(0.5);
    expect(expectedScore(1400, 1000)).toBeCloseTo(10 / 11, 10);
  });

  it('moves 16 points between equals, fewer when the favourite wins, keeping the sum', () => {
    const tournament = startTournament([1, 2, 3]);
    recordResult(tournament, { a: 1, b: 2, winner: 2 });
    expect(standings(tournament)).toEqual([
      { idea: 2, rating: 1016, wins: 1, losses: 0 },
      { idea: 3, rating: 1000, wins: 0, losses: 0 },
      { idea: 1, rating: 984, wins: 0, losses: 1 },
    ]);
    recordResult(tournament, { a: 2, b: 3, winner: 2 });
    const [first, second] = standings(tournament);
    // The favourite by 16 points expected 0.523 of the score, so it gains 32 × 0.477.
    expect(first).toEqual({ idea: 2, rating: 1031.3, wins: 2, losses: 0 });
    expect(second).toEqual({ idea: 3, rating: 984.7, wins: 0, losses: 1 });
    const total = standings(tournament).reduce((sum, s) => sum + s.rating, 0);
    expect(total).toBeCloseTo(3000, 6);
  });
});

describe('Swiss pairing', () => {
  it('pairs by rating, ties in seed order, alternating which idea is shown first', () => {
    const tournament = startTournament([5, 6, 7, 8]);
    expect(pairRound(tournament, 1)).toEqual({
      bye: null,
      pairs: [
        { pair: 1, a: 5, b: 6 },
        { pair: 2, a: 8, b: 7 },
      ],
    });
    recordResult(tournament, { a: 5, b: 6, winner: 6 });
    recordResult(tournament, { a: 8, b: 7, winner: 8 });
    // 6 and 8 lead (6 seeded first), 5 and 7 trail; round 2 shows the lower rated first.
    expect(pairRound(tournament, 2).pairs).toEqual([
      { pair: 1, a: 8, b: 6 },
      { pair: 2, a: 5, b: 7 },
    ]);
  });

  it('never pairs two ideas twice while another pairing is possible', () => {
    const scrambled = (a: number, b: number) => ((a * 31 + b * 17) % 5 < 2 ? a : b);
    const cases = [4, 5, 6, 8, 10, 16, 20, 33, 50].flatMap((n) => [
      { n, prefer: smaller },
      { n, prefer: scrambled },
    ]);
    for (const { n, prefer } of cases) {
      const seen = new Set<string>();
      for (const { pairs } of play(ids(n), prefer).rounds) {
        const playing = pairs.flatMap(({ a, b }) => [a, b]);
        // Six ideas after three rounds may have no fresh pairing left: two triangles unmet.
        if (!pairs.every(({ a, b }) => !seen.has(pairKey(a, b)))) {
          expect(freshPairingExists(playing, seen), `${n} ideas: an avoidable rematch`).toBe(false);
        }
        for (const { a, b } of pairs) seen.add(pairKey(a, b));
      }
    }
  });

  it('searches past the greedy choice to avoid a rematch', () => {
    const tournament = startTournament([1, 2, 3, 4, 5, 6]);
    const played = [
      [3, 4, 4],
      [3, 5, 5],
      [3, 6, 6],
      [1, 4, 1],
      [2, 5, 2],
    ] as const;
    for (const [a, b, winner] of played) recordResult(tournament, { a, b, winner });
    // By rating 1, 2, 6, 4, 5, 3: pairing 1-2 and 6-4 would leave 5 to meet 3 again.
    expect(standings(tournament).map((s) => s.idea)).toEqual([1, 2, 6, 4, 5, 3]);
    expect(pairRound(tournament, 3).pairs).toEqual([
      { pair: 1, a: 1, b: 6 },
      { pair: 2, a: 3, b: 2 },
      { pair: 3, a: 4, b: 5 },
    ]);
  });

  it('rematches only when every pairing is a rematch', () => {
    const tournament = startTournament([1, 2]);
    recordResult(tournament, { a: 1, b: 2, winner: 1 });
    // Round 2, pair 1: the lower rated is shown first.
    expect(pairRound(tournament, 2).pairs).toEqual([{ pair: 1, a: 2, b: 1 }]);
  });

  it('gives an odd number a bye each round, to the lowest rated who has not had one', () => {
    const { rounds, tournament } = play(ids(7), smaller);
    const byes = rounds.map((plan) => plan.bye);
    expect(byes).toHaveLength(4);
    expect(new Set(byes).size).toBe(4);
    // Round 1: all equal, so the last seed sits out.
    expect(byes[0]).toBe(107);
    for (const { pairs, bye } of rounds) {
      expect(pairs).toHaveLength(3);
      expect(pairs.flatMap(({ a, b }) => [a, b])).not.toContain(bye);
    }
    const played = standings(tournament).reduce((sum, s) => sum + s.wins + s.losses, 0);
    expect(played).toBe(2 * 12);
  });

  it('gives the same pairs for the same results', () => {
    const prefer = (a: number, b: number) => ((a * 7 + b) % 3 === 0 ? a : b);
    const first = play(ids(13), prefer);
    const second = play(ids(13), prefer);
    expect(second.rounds).toEqual(first.rounds);
    expect(standings(second.tournament)).toEqual(standings(first.tournament));
  });

  it('ranks the idea that always wins first and the one that always loses last', () => {
    const { tournament } = play(ids(8), smaller);
    const ranked = standings(tournament);
    expect(ranked[0]).toMatchObject({ idea: 101, wins: 4, losses: 0 });
    expect(ranked.at(-1)).toMatchObject({ idea: 108, wins: 0, losses: 4 });
    expect(ranked.map((s) => s.rating)).toEqual(
      [...ranked.map((s) => s.rating)].sort((x, y) => y - x),
    );
  });
});
