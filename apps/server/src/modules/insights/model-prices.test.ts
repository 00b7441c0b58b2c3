import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import {
  costOf,
  DEFAULT_MODEL_PRICES,
  mergePrices,
  parseModelPrices,
  priceOf,
} from './model-prices.js';

describe('model prices', () => {
  it('prices every model the README lists by default, dated and sourced', () => {
    const listed = [
      ['openai', 'gpt-5-mini'],
      ['openai', 'gpt-5'],
      ['openai', 'gpt-4.1-mini'],
      ['anthropic', 'claude-sonnet-4-5'],
      ['anthropic', 'claude-haiku-4-5'],
      ['anthropic', 'claude-opus-4-1'],
      ['google', 'gemini-2.5-flash'],
      ['google', 'gemini-2.5-pro'],
    ] as const;
    for (const [provider, model] of listed) {
      const price = priceOf(DEFAULT_MODEL_PRICES, provider, model);
      expect(price, `${provider}:${model}`).not.toBeNull();
      expect(price?.source).toMatch(/^https:\/\//);
      expect(price?.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(priceOf(DEFAULT_MODEL_PRICES, 'offline', 'sample-ideas')).toMatchObject({
      input: 0,
      output: 0,
    });
  });

  it('has no price for a model nobody priced, so its cost is unknown rather than made up', () => {
    const price = priceOf(DEFAULT_MODEL_PRICES, 'ollama', 'llama3.2');
    expect(price).toBeNull();
    expect(costOf(price, 1000, 1000)).toBeNull();
  });

  it('costs tokens per million, input and output apart', () => {
    const price = priceOf(DEFAULT_MODEL_PRICES, 'openai', 'gpt-5');
    expect(costOf(price, 2_000_000, 500_000)).toBeCloseTo(2 * 1.25 + 0.5 * 10, 10);
  });

  it('reads the setting, which overrides a default, adds a model and prices a whole provider', () => {
    const { prices, problems } = parseModelPrices(
      'openai:gpt-5=1/8, ollama:*=0/0 ,openai_compatible:meta-llama/llama-3.1-8b=0.02/0.05',
    );
    expect(problems).toEqual([]);
    const merged = mergePrices(DEFAULT_MODEL_PRICES, prices);
    expect(priceOf(merged, 'openai', 'gpt-5')).toMatchObject({ input: 1, output: 8, asOf: null });
    expect(priceOf(merged, 'ollama', 'anything')).toMatchObject({ input: 0, output: 0 });
    expect(priceOf(merged, 'openai_compatible', 'meta-llama/llama-3.1-8b')).toMatchObject({
      input: 0.02,
      output: 0.05,
    });
    expect(
      merged.filter((price) => price.provider === 'openai' && price.model === 'gpt-5'),
    ).toHaveLength(1);
  });

  it('refuses every bad entry of the setting at start, naming each', () => {
    let error: unknown;
    try {
      loadConfig({ MODEL_PRICES: 'openai:gpt-5=1.25, openai:gpt-5=-1/2,=1/2,openai:x=1/99999' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.filter((p) => p.startsWith('MODEL_PRICES'));
    expect(problems).toHaveLength(4);
    expect(problems[0]).toContain("'openai:gpt-5=1.25' is not provider:model=input/output");
  });

  it('puts the merged table in the configuration', () => {
    const config = loadConfig({ MODEL_PRICES: 'anthropic:claude-haiku-4-5=0.8/4' });
    expect(priceOf(config.modelPrices, 'anthropic', 'claude-haiku-4-5')).toMatchObject({
      input: 0.8,
      output: 4,
    });
    expect(priceOf(loadConfig({}).modelPrices, 'anthropic', 'claude-haiku-4-5')?.input).toBe(1);
  });
});
