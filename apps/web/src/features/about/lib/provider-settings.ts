/** The server's provider settings, as the About page lists them for whoever runs the server. */
export interface ProviderSetting {
  /** The label members see in the app's provider selects. */
  name: string;
  /** The variable whose presence turns the provider on. */
  turnedOnBy: string;
  others: string[];
  /** Its embedding setting for the near-duplicate check, and the model used unless it is set. */
  embedding?: { variable: string; byDefault: string };
}

export const PROVIDER_SETTINGS: ProviderSetting[] = [
  {
    name: 'OpenAI',
    turnedOnBy: 'OPENAI_API_KEY',
    others: ['OPENAI_BASE_URL', 'OPENAI_MODELS'],
    embedding: { variable: 'OPENAI_EMBEDDING_MODEL', byDefault: 'text-embedding-3-small' },
  },
  {
    name: 'Anthropic',
    turnedOnBy: 'ANTHROPIC_API_KEY',
    others: ['ANTHROPIC_BASE_URL', 'ANTHROPIC_MODELS'],
  },
  {
    name: 'Google Gemini',
    turnedOnBy: 'GOOGLE_GENERATIVE_AI_API_KEY',
    others: ['GOOGLE_BASE_URL', 'GOOGLE_MODELS'],
    embedding: { variable: 'GOOGLE_EMBEDDING_MODEL', byDefault: 'gemini-embedding-001' },
  },
  {
    name: 'Ollama',
    turnedOnBy: 'OLLAMA_BASE_URL',
    others: ['OLLAMA_MODELS (required)'],
    embedding: { variable: 'OLLAMA_EMBEDDING_MODEL', byDefault: 'none' },
  },
  {
    name: 'OpenAI-compatible',
    turnedOnBy: 'OPENAI_COMPATIBLE_BASE_URL',
    others: [
      'OPENAI_COMPATIBLE_API_KEY',
      'OPENAI_COMPATIBLE_MODELS (required)',
      'OPENAI_COMPATIBLE_NAME',
    ],
    embedding: { variable: 'OPENAI_COMPATIBLE_EMBEDDING_MODEL', byDefault: 'none' },
  },
];

/** The near-duplicate and repeat settings, with their defaults. */
export const DUPLICATE_SETTINGS = [
  {
    variable: 'DUPLICATE_LEXICAL_THRESHOLD',
    meaning: "How alike (0–1) two ideas' titles and summaries are when one is stacked: 0.5.",
  },
  {
    variable: 'DUPLICATE_SEMANTIC_THRESHOLD',
    meaning: 'How alike (cosine) two embeddings of one model are when one is stacked: 0.9.',
  },
  {
    variable: 'DUPLICATE_EMBEDDING_THRESHOLDS',
    meaning:
      'Per embedding model, model=stack or model=stack/veto, comma-separated: its own threshold.',
  },
  {
    variable: 'REPEATS_JUDGE',
    meaning:
      'The model that checks new ideas for repeats in other words: auto (the first ' +
      "language-model provider's default model), off, or provider:model.",
  },
];
