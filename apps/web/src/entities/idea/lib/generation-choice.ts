/** The settings every idea of a generation asks its provider for, from the web app. */
export const IDEA_SETTINGS = { temperature: 0.7, max_tokens: 1000 } as const;

/** The provider, model and number of ideas the generation controls have chosen. */
export interface GenerationChoice {
  provider: string;
  model: string;
  count: number;
  steer: boolean;
  /** 'high': 3 candidates per idea, the most novel kept; normal when absent. */
  variety?: 'normal' | 'high';
}

// The controls stand on the same page as the review list's 'More like this': they say here what
// they would ask for, and a row's action reads it when pressed. Kept per brainstorm.
const choices = new Map<number, GenerationChoice>();

export function rememberGenerationChoice(brainstormId: number, choice: GenerationChoice) {
  choices.set(brainstormId, choice);
}

export function forgetGenerationChoice(brainstormId: number) {
  choices.delete(brainstormId);
}

export function generationChoiceOf(brainstormId: number) {
  return choices.get(brainstormId) ?? null;
}
