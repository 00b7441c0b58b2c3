import { describe, expect, it } from 'vitest';
import { insightRow } from '../testing/insights-fixtures';
import { modelBars } from './model-bars';

describe('modelBars', () => {
  it('charts cost per kept idea per model, over its techniques, cheapest first', () => {
    const rows = [
      insightRow({ technique: 'classic', cost: 0.04, kept: 2 }),
      insightRow({ technique: 'scamper', cost: 0.02, kept: 2 }),
      insightRow({ model: 'gpt-5-mini', cost: 0.01, kept: 1 }),
      insightRow({ provider_name: 'anthropic', model: 'mystery', cost: null }),
    ];
    expect(modelBars(rows)).toEqual({
      metric: 'cost_per_kept',
      bars: [
        { label: 'gpt-5 (OpenAI)', value: 0.015 },
        { label: 'gpt-5-mini (OpenAI)', value: 0.01 },
      ].reverse(),
    });
  });

  it('leaves out a model whose kept ideas are not all counted', () => {
    const rows = [
      insightRow({ technique: 'classic', cost: 0.04, kept: 2 }),
      insightRow({ technique: 'scamper', cost: 0.02, kept: null, private_counts_withheld: true }),
      insightRow({ model: 'gpt-5-mini', cost: 0.01, kept: 1 }),
      insightRow({ model: 'blind', cost: 0.01, kept: 1, unreviewed_blind: 3 }),
    ];
    expect(modelBars(rows)).toEqual({
      metric: 'cost_per_kept',
      bars: [{ label: 'gpt-5-mini (OpenAI)', value: 0.01 }],
    });
    const free = rows.map((row) => ({ ...row, cost: 0 }));
    expect(modelBars(free).bars.map((bar) => bar.label)).toEqual(['gpt-5-mini (OpenAI)']);
  });

  it('charts the kept share when nothing costs anything', () => {
    const rows = [
      insightRow({ provider_name: 'Offline', model: 'sample-ideas', cost: 0, ideas: 4, kept: 1 }),
    ];
    expect(modelBars(rows)).toEqual({
      metric: 'kept_share',
      bars: [{ label: 'sample-ideas (Offline)', value: 0.25 }],
    });
  });
});
