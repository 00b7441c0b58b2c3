import { describe, expect, it } from 'vitest';
import { HELD_OUT_KINDS, loadHeldOutPairs, loadLabelledPairs } from './near-duplicate-pairs.js';

/*
 * The held-out pairs measure the detector; thresholds are chosen on the first set only. They are
 * written apart from it, over other topics, with the kinds the first set lacks (issue 38).
 */
describe('the held-out labelled pairs', () => {
  const held = loadHeldOutPairs();
  const share = (kind: string) => held.filter((pair) => pair.kind === kind).length / held.length;

  it('hold at least 200 pairs over at least 15 topics, each topic with every kind', () => {
    expect(held.length).toBeGreaterThanOrEqual(200);
    const topics = new Set(held.map((pair) => pair.topic));
    expect(topics.size).toBeGreaterThanOrEqual(15);
    for (const topic of topics) {
      const kinds = new Set(held.filter((pair) => pair.topic === topic).map((pair) => pair.kind));
      expect([...kinds].sort(), topic).toEqual([...HELD_OUT_KINDS].sort());
    }
  });

  it('are at least 30 % paraphrases, 10 % length pairs and 20 % one-word swaps', () => {
    expect(share('paraphrase')).toBeGreaterThanOrEqual(0.3);
    expect(share('length')).toBeGreaterThanOrEqual(0.1);
    expect(share('one-word-swap')).toBeGreaterThanOrEqual(0.2);
  });

  it('share no idea with the first set, and no pair is an idea and itself', () => {
    const text = ({ title, summary }: { title: string; summary: string }) =>
      `${title}\n${summary}`.toLowerCase();
    const first = new Set(loadLabelledPairs().flatMap((pair) => [text(pair.a), text(pair.b)]));
    const ideas = held.flatMap((pair) => [text(pair.a), text(pair.b)]);
    expect(ideas.filter((idea) => first.has(idea))).toEqual([]);
    expect(held.filter((pair) => text(pair.a) === text(pair.b))).toEqual([]);
  });

  it('say a length pair is told at least twice as long on one side', () => {
    const words = ({ title, summary }: { title: string; summary: string }) =>
      `${title} ${summary}`.split(/\s+/).length;
    for (const pair of held.filter((p) => p.kind === 'length')) {
      const [short, long] = [words(pair.a), words(pair.b)].sort((x, y) => x - y);
      expect(long ?? 0, pair.a.title).toBeGreaterThanOrEqual(2 * (short ?? 0));
    }
  });
});
