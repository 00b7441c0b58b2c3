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

/** The reason given for every pair judged a repeat. */
export const REPEAT_REASON = 'both are a quiet-free teen lounge';

/**
 * The answer to 'Find repeats': a pair is the same idea when A and B both mention a lounge, a
 * rule a journey can plan its ideas around; any other pair differs.
 */
function repeatVerdicts(request: RecordedLlmRequest): FakeLlmBehaviour {
  const pairs = [...(request.user ?? '').matchAll(/^Pair: (\d+)\nA: (.*)\nB: (.*)$/gm)];
  return {
    kind: 'object',
    object: {
      pairs: pairs.map(([, pair, a = '', b = '']) => {
        const same = /lounge/i.test(a) && /lounge/i.test(b);
        return {
          pair: Number(pair),
          same,
          reason: same ? REPEAT_REASON : 'They propose different things.',
        };
      }),
    },
  };
}

/**
 * The fake model's answers to the sense-making steps a journey runs with a language model
 * (assessments, ranking comparisons, a combined idea, repeats judged), read from the system
 * prompt; any other request goes to `fallback`, the generation's model.
 */
export function senseMakingResponder(fallback: FakeLlmResponder): FakeLlmResponder {
  return (request) => {
    const system = request.system ?? '';
    if (system.includes('Score each idea on three scales')) return assessments(request);
    if (system.includes('two of its ideas, A and B')) {
      return { kind: 'object', object: { winner: 'A', reason: 'It does more for less.' } };
    }
    if (system.includes('repeat an earlier idea in other words')) return repeatVerdicts(request);
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
