import type { BrainstormTypeValue, CreateBrainstormInput } from '../api/types';

/** The server's limit on a title. */
export const TITLE_MAX_LENGTH = 200;
/** A title made from the problem stops at a word before this many characters. */
export const DERIVED_TITLE_LENGTH = 60;

// The openings of a "How might we…?" question, which every problem of a brainstorm may share.
const QUESTION_OPENING =
  /^(?:how (?:might|can|could|do|should|would) we|how to|what if we)\b[\s,:]*/i;

/**
 * The title of a brainstorm created without one: its problem without the question's opening
 * and closing mark, from a capital, cut at a word with an ellipsis once it is long. "How might
 * we make Monday mornings better?" is titled "Make Monday mornings better".
 */
export function titleFromProblem(problem: string) {
  const text = problem.replace(/\s+/g, ' ').trim();
  const core = text.replace(QUESTION_OPENING, '').replace(/[\s?!.]+$/u, '') || text;
  const title = core.charAt(0).toLocaleUpperCase() + core.slice(1);
  if (title.length <= DERIVED_TITLE_LENGTH) return title;
  const cut = title.slice(0, DERIVED_TITLE_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DERIVED_TITLE_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:]+$/u, '')}…`;
}

export function splitThemes(text: string) {
  return text
    .split(',')
    .map((theme) => theme.trim())
    .filter((theme) => theme !== '');
}

export interface CreateFormValues {
  title?: string;
  problem: string;
  themes: string;
  type: string;
  /** The project it is filed in; none when not given. */
  project?: number | null;
}

export function createPayload({
  title = '',
  problem,
  themes,
  type,
  project = null,
}: CreateFormValues): CreateBrainstormInput {
  // The select only offers values the server listed; it rejects anything else with a 400.
  const brainstormType = type as BrainstormTypeValue;
  return {
    title: title.trim() || titleFromProblem(problem),
    description: '',
    type: brainstormType,
    parameters: { problem: problem.trim(), themes: splitThemes(themes), type: brainstormType },
    project,
  };
}
