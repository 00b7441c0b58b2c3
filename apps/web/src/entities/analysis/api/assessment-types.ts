import type { components } from '@/lib/api/schema';

/**
 * The model's scores for an idea, 1 to 5 each, with its reasons. `votes` is the team's total:
 * null under blind review until the caller has reviewed the idea.
 */
export type Assessment = components['schemas']['IdeaAssessment'];

/** An idea the model and the team judge far apart: `gap` says how far. */
export type Disagreement = components['schemas']['DisagreementItem'];

/** The ideas the model rates far above the team's votes, and those the team rates above it. */
export type Disagreements = components['schemas']['Disagreements'];
