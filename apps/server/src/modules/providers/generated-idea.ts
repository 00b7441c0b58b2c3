import { z } from 'zod';

/** What a provider must answer for one idea: checked before anything is stored. */
export const generatedIdeaSchema = z.object({
  title: z.string().trim().min(1).max(200).describe('A short, specific title for the idea.'),
  summary: z.string().trim().min(1).max(1000).describe('One or two sentences: the idea in brief.'),
  description: z
    .string()
    .trim()
    .min(1)
    .max(10_000)
    .describe('How it would work, why it could help, and a first step to try it.'),
});
export type GeneratedIdea = z.infer<typeof generatedIdeaSchema>;

/** A distinct direction for one slot of a generation, so parallel jobs do not converge. */
export interface Angle {
  /** Stable key, e.g. 'scamper:S', 'hat:black', 'theme:2', 'persona:skeptic'. */
  key: string;
  /** Short human label, e.g. 'Substitute', 'Black hat (caution)'. */
  label: string;
  /** What the model is asked to do from this angle (technique text, no user text inside). */
  instruction: string;
  /** The theme this slot focuses on, when the angle comes from one of the brainstorm's themes. */
  theme?: string;
}

/** Everything a prompt (or the offline provider) needs about one slot of a generation. */
export interface PromptInput {
  /** The brainstorm's type value (one of BRAINSTORM_TYPE_VALUES; unknown values act as classic). */
  type: string;
  title: string;
  problem: string;
  themes: string[];
  /** Titles already in the brainstorm, newest first, already bounded by the caller. */
  avoidTitles: string[];
  angle: Angle;
  /** What the team's reviews say, when the generation is steered by them (decision 025). */
  steering?: PromptSteering | undefined;
  /** How many ideas one call answers with, of which one is kept (decision 025); 1 if absent. */
  candidates?: number | undefined;
}

/** An idea the team reviewed, as the prompt quotes it. */
export interface SteeringIdea {
  title: string;
  summary: string;
}

/** The team's signal for a prompt: liked and rejected ideas, most telling first. */
export interface PromptSteering {
  liked: SteeringIdea[];
  rejected: SteeringIdea[];
  /** The idea a 'More like this' develops ('develop') or a 'Flip it' turns round ('flip'). */
  inspiration?: (SteeringIdea & { description: string; direction: 'develop' | 'flip' }) | undefined;
}

export interface BuiltPrompt {
  /** Fixed per technique: the method and the output rules. Never contains user text. */
  system: string;
  /** The brainstorm's text, the angle and the titles to avoid, marked as data. */
  prompt: string;
  technique: string;
  /** e.g. 'scamper@2'; bumped whenever the technique's prompt text changes. */
  promptVersion: string;
}
