import type { Assessment } from '@/entities/analysis/api/assessment-types';
import type { Theme } from '@/entities/theme/api/types';
import { quadrantOf, QUADRANT_ORDER, type Quadrant } from './quadrants';

/** Distinct colours for themes, readable on light and dark backgrounds; unsorted is grey. */
export const THEME_COLOURS = [
  '#2563eb',
  '#d97706',
  '#059669',
  '#db2777',
  '#7c3aed',
  '#0891b2',
  '#65a30d',
  '#dc2626',
] as const;
export const UNSORTED_COLOUR = '#6b7280';

export interface MatrixPoint {
  idea: number;
  title: string;
  impact: number;
  effort: number;
  novelty: number;
  votes: number | null;
  quadrant: Quadrant;
  themeName: string;
  colour: string;
  /** Where it is drawn: its scores moved a little, so ideas with the same scores stay apart. */
  x: number;
  y: number;
  /** The point's size: the team's votes, never below the smallest (no votes, or hidden). */
  size: number;
}

/** A small offset (under ±0.3) that depends only on the idea, so a point never jumps. */
function jitter(id: number, salt: number) {
  const value = Math.sin(id * 12.9898 + salt * 78.233) * 43758.5453;
  return (value - Math.floor(value) - 0.5) * 0.6;
}

/** A theme's colour: by its place in the brainstorm's list. */
export function themeColour(themes: readonly Theme[], themeId: number | null): string {
  const index = themes.findIndex((theme) => theme.id === themeId);
  if (index < 0) return UNSORTED_COLOUR;
  return THEME_COLOURS[index % THEME_COLOURS.length] ?? UNSORTED_COLOUR;
}

/** The assessments as points of the matrix, in the table's order (best bets, then impact). */
export function matrixPoints(assessments: readonly Assessment[], themes: readonly Theme[]) {
  const points = assessments.map((assessment): MatrixPoint => {
    const theme = themes.find((candidate) => candidate.id === assessment.theme);
    return {
      idea: assessment.idea,
      title: assessment.title,
      impact: assessment.impact,
      effort: assessment.effort,
      novelty: assessment.novelty,
      votes: assessment.votes,
      quadrant: quadrantOf(assessment.impact, assessment.effort),
      themeName: theme?.name ?? 'Unsorted',
      colour: themeColour(themes, assessment.theme),
      x: assessment.effort + jitter(assessment.idea, 1),
      y: assessment.impact + jitter(assessment.idea, 2),
      size: Math.max(0, assessment.votes ?? 0),
    };
  });
  return points.sort(
    (a, b) =>
      QUADRANT_ORDER.indexOf(a.quadrant) - QUADRANT_ORDER.indexOf(b.quadrant) ||
      b.impact - a.impact ||
      a.effort - b.effort ||
      a.idea - b.idea,
  );
}

/** The models whose scores are shown: 'gpt-5-mini', or several when runs used others. */
export function modelNames(assessments: readonly Assessment[]) {
  return [...new Set(assessments.map((assessment) => assessment.model))].join(', ');
}
