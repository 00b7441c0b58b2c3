/** How many candidates the server asks for per idea, of which it keeps the most novel. */
export const CANDIDATES_PER_IDEA = { normal: 1, high: 3 } as const;
export type Variety = keyof typeof CANDIDATES_PER_IDEA;

export const VARIETY_OPTIONS: readonly { value: Variety; label: string }[] = [
  { value: 'normal', label: 'Normal' },
  { value: 'high', label: 'High — 3 candidates per idea' },
];

/** The payload's `variety`: left out when normal, the server's default. */
export const varietyPayload = (variety: Variety) => (variety === 'high' ? { variety } : {});

/**
 * The most output tokens a generation may use: each idea's call may write `max_tokens` per
 * candidate. What the prompts add depends on the brainstorm, so the server reserves it.
 */
export const outputTokenBound = (count: number, variety: Variety, maxTokens: number) =>
  count * maxTokens * CANDIDATES_PER_IDEA[variety];
