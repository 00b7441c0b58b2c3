import { describe, expect, it } from 'vitest';
import { makeAnalysis, makePlan } from '../testing/analysis-fixtures';
import { planText, progressText } from './plan-text';

describe('planText', () => {
  it('says the calls and tokens at most, with the rounds of a ranking', () => {
    expect(planText(makePlan({ calls: 7, max_tokens: 41_200 }))).toBe(
      'Up to 7 calls, at most 41,200 tokens',
    );
    expect(planText(makePlan({ calls: 1, rounds: 1, max_tokens: 1 }))).toBe(
      'Up to 1 call in 1 round, at most 1 token',
    );
  });

  it('says keyword themes make no model calls', () => {
    expect(planText(makePlan({ method: 'keywords', calls: 0 }))).toBe(
      'No model calls: grouped by shared words',
    );
  });
});

describe('progressText', () => {
  it.each([
    [makeAnalysis({ status: 'queued' }), 'Queued: waiting for a worker'],
    [makeAnalysis({ status: 'running', calls_made: 3 }), 'Running: 3 of 7 calls'],
    [makeAnalysis({ status: 'running', method: 'keywords' }), 'Running: grouping by shared words'],
    [makeAnalysis({ status: 'done', calls_made: 8 }), 'Done: 8 calls made'],
    [makeAnalysis({ status: 'failed' }), 'Failed'],
  ])('says where a run is: %#', (analysis, text) => {
    expect(progressText(analysis)).toBe(text);
  });
});
