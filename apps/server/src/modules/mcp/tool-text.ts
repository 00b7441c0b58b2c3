import type { AnnotationDto } from '../annotations/annotations.schemas.js';
import type { IdeaDto } from '../ideas/ideas.schemas.js';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The caller's own marks on an idea, as a short suffix ('' for none). */
function ownMarks(annotation: AnnotationDto | null | undefined): string {
  if (!annotation) return '';
  const marks = [
    ...(annotation.vote !== 0 ? [`you voted ${signed(annotation.vote)}`] : []),
    ...(annotation.is_bookmarked ? ['bookmarked'] : []),
    ...(annotation.is_hidden ? ['hidden by you'] : []),
  ];
  return marks.length > 0 ? ` [${marks.join(', ')}]` : '';
}

/** One line per idea: id, title, the team's totals (or why they are withheld), own marks. */
export function ideaLine(idea: IdeaDto): string {
  const totals = idea.totals_hidden
    ? 'votes hidden until you review it'
    : `${signed(idea.votes ?? 0)} votes, ${idea.comments_count ?? 0} comments`;
  const stacked = idea.duplicate_of ? `, near-duplicate of #${idea.duplicate_of}` : '';
  return `#${idea.id} ${idea.title} (${totals}${stacked})${ownMarks(idea.user_annotation)}`;
}

/** '23 ideas, page 2 of 3.' */
export const pageLine = (
  { count, page, pages }: { count: number; page: number; pages: number },
  noun: string,
) => `${count} ${noun}, page ${page} of ${pages}.`;

export const lines = (...parts: (string | string[])[]) => parts.flat().join('\n');
