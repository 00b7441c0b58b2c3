/**
 * The model's scores for an idea, 1 to 5 each, with its reasons (written from the API's contract
 * until the assessment endpoints reach the generated schema). `votes` is the team's total: null
 * under blind review until the caller has reviewed the idea.
 */
export interface Assessment {
  idea: number;
  title: string;
  theme: number | null;
  votes: number | null;
  impact: number;
  effort: number;
  novelty: number;
  reasons: { impact: string; effort: string; novelty: string };
  provider: string;
  model: string;
  analysis: number;
  created: string;
}

/** An idea the model and the team judge far apart: `gap` says how far. */
export interface Disagreement {
  idea: number;
  title: string;
  impact: number;
  votes: number | null;
  gap: number;
}

export interface Disagreements {
  /** Ideas the model scores high and the team voted low. */
  model_favours: Disagreement[];
  /** Ideas the team voted high and the model scores low. */
  team_favours: Disagreement[];
}
