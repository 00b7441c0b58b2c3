/**
 * What a million tokens cost, per provider and model, in US dollars. The defaults are the list
 * prices the providers published for the models the README lists; `MODEL_PRICES` overrides or
 * adds entries. A model without an entry has no price: its tokens are counted, never costed.
 */
export interface ModelPrice {
  provider: string;
  /** A model's id as the provider takes it, or `*` for every model of the provider. */
  model: string;
  /** Dollars per million input tokens. */
  input: number;
  /** Dollars per million output tokens. */
  output: number;
  /** Where the figure comes from: a pricing page, or the setting. */
  source: string;
  /** When the figure was read from its source (YYYY-MM-DD), or null for the setting's. */
  asOf: string | null;
}

const OPENAI = 'https://openai.com/api/pricing/';
const ANTHROPIC = 'https://www.anthropic.com/pricing#api';
const GOOGLE = 'https://ai.google.dev/gemini-api/docs/pricing';
const READ_ON = '2025-10-15';

const listed = (provider: string, model: string, input: number, output: number, source: string) =>
  ({ provider, model, input, output, source, asOf: READ_ON }) satisfies ModelPrice;

/** Standard (not batch, not cached) text prices; Gemini 2.5 Pro's are for prompts up to 200k. */
export const DEFAULT_MODEL_PRICES: readonly ModelPrice[] = [
  listed('openai', 'gpt-5', 1.25, 10, OPENAI),
  listed('openai', 'gpt-5-mini', 0.25, 2, OPENAI),
  listed('openai', 'gpt-4.1-mini', 0.4, 1.6, OPENAI),
  listed('anthropic', 'claude-sonnet-4-5', 3, 15, ANTHROPIC),
  listed('anthropic', 'claude-haiku-4-5', 1, 5, ANTHROPIC),
  listed('anthropic', 'claude-opus-4-1', 15, 75, ANTHROPIC),
  listed('google', 'gemini-2.5-flash', 0.3, 2.5, GOOGLE),
  listed('google', 'gemini-2.5-pro', 1.25, 10, GOOGLE),
  {
    provider: 'offline',
    model: '*',
    input: 0,
    output: 0,
    source: 'no language model: nothing is called',
    asOf: null,
  },
];

export const PRICE_SETTING_SOURCE = 'MODEL_PRICES setting';

const ENTRY = /^([a-z_]+):([^=]+)=([0-9]+(?:\.[0-9]+)?)\/([0-9]+(?:\.[0-9]+)?)$/;
const MAX_PRICE = 10_000;

/**
 * Reads `provider:model=input/output` entries separated by commas (`openai:gpt-5=1.25/10`,
 * `ollama:*=0/0`), every bad entry reported.
 */
export function parseModelPrices(raw: string): { prices: ModelPrice[]; problems: string[] } {
  const prices: ModelPrice[] = [];
  const problems: string[] = [];
  for (const entry of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = ENTRY.exec(entry);
    const [, provider = '', model = '', input = '', output = ''] = match ?? [];
    const figures = [Number(input), Number(output)];
    if (!match || figures.some((figure) => figure > MAX_PRICE)) {
      problems.push(
        `'${entry}' is not provider:model=input/output in dollars per million tokens ` +
          `(e.g. openai:gpt-5=1.25/10, at most ${MAX_PRICE}).`,
      );
      continue;
    }
    prices.push({
      provider,
      model: model.trim(),
      input: Number(input),
      output: Number(output),
      source: PRICE_SETTING_SOURCE,
      asOf: null,
    });
  }
  return { prices, problems };
}

/** The defaults with the setting's entries in place of those they name, and its new ones. */
export function mergePrices(
  defaults: readonly ModelPrice[],
  overrides: readonly ModelPrice[],
): ModelPrice[] {
  const key = (price: ModelPrice) => `${price.provider}\u0000${price.model}`;
  const merged = new Map(defaults.map((price) => [key(price), price]));
  for (const price of overrides) merged.set(key(price), price);
  return [...merged.values()];
}

/** The price of one model: its own entry, else its provider's `*` entry, else none. */
export function priceOf(
  prices: readonly ModelPrice[],
  provider: string,
  model: string,
): ModelPrice | null {
  return (
    prices.find((price) => price.provider === provider && price.model === model) ??
    prices.find((price) => price.provider === provider && price.model === '*') ??
    null
  );
}

/** Dollars for the tokens at a price, or null when the model has none. */
export function costOf(price: ModelPrice | null, inputTokens: number, outputTokens: number) {
  if (!price) return null;
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}
