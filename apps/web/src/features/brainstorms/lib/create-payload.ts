import type { BrainstormTypeValue, CreateBrainstormInput } from '../api/types';

export const TITLE_LENGTH = 100;

/** The form asks only for the problem; the title is its first 100 characters. */
export function titleFromProblem(problem: string) {
  const trimmed = problem.trim();
  return trimmed.length > TITLE_LENGTH ? `${trimmed.slice(0, TITLE_LENGTH)}…` : trimmed;
}

export function splitThemes(text: string) {
  return text
    .split(',')
    .map((theme) => theme.trim())
    .filter((theme) => theme !== '');
}

export interface CreateFormValues {
  problem: string;
  themes: string;
  type: string;
}

export function createPayload({ problem, themes, type }: CreateFormValues): CreateBrainstormInput {
  // The select only offers values the server listed; it rejects anything else with a 400.
  const brainstormType = type as BrainstormTypeValue;
  return {
    title: titleFromProblem(problem),
    description: '',
    type: brainstormType,
    parameters: { problem: problem.trim(), themes: splitThemes(themes), type: brainstormType },
  };
}
