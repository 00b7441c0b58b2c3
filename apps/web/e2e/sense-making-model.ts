import {
  ideaNumbersIn,
  type FakeLlmBehaviour,
  type FakeLlmResponder,
  type RecordedLlmRequest,
} from '../../server/test/fake-llm-server.js';

/** The answer to an assessment: scores that depend only on each idea's number. */
function assessments(request: RecordedLlmRequest): FakeLlmBehaviour {
  return {
    kind: 'object',
    object: {
      assessments: ideaNumbersIn(request).map((idea) => ({
        idea,
        impact: 1 + (idea % 5),
        impact_reason: 'It reaches everyone in the office.',
        effort: 1 + ((idea * 3) % 5),
        effort_reason: 'It takes a few weeks.',
        novelty: 3,
        novelty_reason: 'A known idea in a new place.',
      })),
    },
  };
}

/**
 * The fake model's answers to the sense-making steps a journey runs with a language model
 * (assessments, ranking comparisons, a combined idea), read from the system prompt; any other
 * request goes to `fallback`, the generation's model.
 */
export function senseMakingResponder(fallback: FakeLlmResponder): FakeLlmResponder {
  return (request) => {
    const system = request.system ?? '';
    if (system.includes('Score each idea on three scales')) return assessments(request);
    if (system.includes('two of its ideas, A and B')) {
      return { kind: 'object', object: { winner: 'A', reason: 'It does more for less.' } };
    }
    if (system.includes('by combining them')) {
      return {
        kind: 'object',
        object: {
          title: 'Coffee and bicycles',
          summary: 'A coffee stop by the bicycle racks for whoever cycles in.',
          description: 'Put the coffee machine by the racks; start with a month-long trial.',
        },
      };
    }
    return typeof fallback === 'function' ? fallback(request) : fallback;
  };
}
