import type { ReactNode } from 'react';
import type { ServerIdea } from '@/entities/idea/api/types';
import type { Theme, ThemeSuggestion } from '@/entities/theme/api/types';
import type { MoveIdeaInput } from '../api/move-idea';
import { IdeaThemeSelect } from './idea-theme-select';

interface ThemeIdeaListProps {
  ideas: readonly ServerIdea[];
  themes: readonly Theme[];
  onMove: (move: MoveIdeaInput) => void;
  moving: boolean;
  /** What follows an idea's select: the theme suggested for an unsorted idea. */
  extra?: (idea: ServerIdea) => ReactNode;
  empty: string;
}

/** A theme's ideas (or the unsorted ones), each with the select that moves it. */
export function ThemeIdeaList({ ideas, themes, onMove, moving, extra, empty }: ThemeIdeaListProps) {
  if (ideas.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-2">
      {ideas.map((idea) => (
        <li
          key={idea.id}
          className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t pt-2 text-sm"
        >
          <span className="min-w-0 flex-1 basis-48 break-words">{idea.title}</span>
          <div className="flex flex-wrap items-center gap-2">
            {extra?.(idea)}
            <IdeaThemeSelect idea={idea} themes={themes} onMove={onMove} disabled={moving} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The suggestion for an unsorted idea, if any: 'Suggested: Pricing' and Accept. */
export function suggestionFor(
  idea: ServerIdea,
  suggestions: readonly ThemeSuggestion[],
  themes: readonly Theme[],
) {
  const suggestion = suggestions.find((candidate) => candidate.idea === idea.id);
  const theme = themes.find((candidate) => candidate.id === suggestion?.theme);
  return theme ?? null;
}
