/**
 * What the fake model answers the sense-making calls with, in the benchmarks: themes by topic
 * (an idea's number picks its topic), sorting by topic, in a comparison the idea with the
 * smaller number wins, and asked whether two ideas are one, it says they differ (so that what a
 * run measures next finds the brainstorm as it was).
 */
import { ideaNumbersIn, type RecordedLlmRequest } from '../test/fake-llm-server.js';

export const TOPICS = ['pricing', 'onboarding', 'support', 'delivery', 'community', 'mobile'];

const topicOf = (id: number) => TOPICS[id % TOPICS.length] ?? 'other';

/**
 * Whether a request is a sense-making call: naming themes, sorting into them, comparing, or
 * judging repeats.
 */
export function isSenseMaking(request: RecordedLlmRequest): boolean {
  const system = request.system ?? '';
  return (
    system.includes('by finding their themes') ||
    system.includes('themes it has already found') ||
    system.includes('which ideas of a brainstorm to take up first') ||
    system.includes('repeat an earlier idea in other words')
  );
}

/** The answer to a sense-making call (`isSenseMaking`). */
export function senseMakingAnswer(request: RecordedLlmRequest): unknown {
  const system = request.system ?? '';
  const numbers = ideaNumbersIn(request);
  if (system.includes('by finding their themes')) {
    return {
      themes: TOPICS.map((topic) => ({
        name: `Ideas about ${topic}`,
        description: `What the ${topic} ideas share.`,
        ideas: numbers.filter((id) => topicOf(id) === topic),
      })),
    };
  }
  if (system.includes('themes it has already found')) {
    return {
      assignments: numbers.map((id) => ({ idea: id, theme: `Ideas about ${topicOf(id)}` })),
    };
  }
  if (system.includes('repeat an earlier idea in other words')) {
    const pairs = [...(request.user ?? '').matchAll(/^Pair: (\d+)$/gm)];
    return {
      pairs: pairs.map((m) => ({ pair: Number(m[1]), same: false, reason: 'They differ.' })),
    };
  }
  const pair = [...(request.user ?? '').matchAll(/^Number: (\d+)$/gm)].map((m) => Number(m[1]));
  const [a = 0, b = 0] = pair;
  return { winner: a < b ? 'A' : 'B', reason: 'It solves more of the problem for less.' };
}
