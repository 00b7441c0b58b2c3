/**
 * What the fake model answers the sense-making calls with, in the benchmarks: themes by topic
 * (an idea's number picks its topic), sorting by topic, and in a comparison the idea with the
 * smaller number wins.
 */
import { ideaNumbersIn, type RecordedLlmRequest } from '../test/fake-llm-server.js';

export const TOPICS = ['pricing', 'onboarding', 'support', 'delivery', 'community', 'mobile'];

const topicOf = (id: number) => TOPICS[id % TOPICS.length] ?? 'other';

/** Whether a request is a sense-making call: naming themes, sorting into them, or comparing. */
export function isSenseMaking(request: RecordedLlmRequest): boolean {
  const system = request.system ?? '';
  return (
    system.includes('by finding their themes') ||
    system.includes('themes it has already found') ||
    system.includes('which ideas of a brainstorm to take up first')
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
  const pair = [...(request.user ?? '').matchAll(/^Number: (\d+)$/gm)].map((m) => Number(m[1]));
  const [a = 0, b = 0] = pair;
  return { winner: a < b ? 'A' : 'B', reason: 'It solves more of the problem for less.' };
}
