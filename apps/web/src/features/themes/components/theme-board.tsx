import { Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { refusalText } from '@/entities/analysis/lib/refusal-text';
import type { ServerIdea } from '@/entities/idea/api/types';
import type { Theme } from '@/entities/theme/api/types';
import { useCreateTheme } from '../api/create-theme';
import { useThemeSuggestions } from '../api/list-theme-suggestions';
import { useMoveIdea, type MoveIdeaInput } from '../api/move-idea';
import { BoardEmptyState } from './board-empty-state';
import { ThemeCard } from './theme-card';
import { ThemeForm } from './theme-form';
import { suggestionFor, ThemeIdeaList } from './theme-idea-list';

export const THEMES_HEADING_ID = 'brainstorm-themes-heading';

interface ThemeBoardProps {
  brainstormId: number;
  themes: readonly Theme[];
  ideas: readonly ServerIdea[];
  /** The themes the brainstorm was given when it was created, offered while the board is empty. */
  givenThemes: readonly string[];
}

function focusHeading() {
  requestAnimationFrame(() => document.getElementById(THEMES_HEADING_ID)?.focus());
}

/**
 * The themes the team sorts the ideas into (not those the brainstorm was given when it was
 * created, which may only start them): each with its ideas, to rename, merge, split or delete;
 * the unsorted ideas with the theme suggested for each; and a form to add a theme.
 */
export function ThemeBoard({ brainstormId, themes, ideas, givenThemes }: ThemeBoardProps) {
  const move = useMoveIdea();
  const create = useCreateTheme();
  const unsorted = ideas.filter((idea) => idea.theme === null && idea.duplicate_of === null);
  const suggestions = useThemeSuggestions(brainstormId, themes.length > 0 && unsorted.length > 0);
  // The idea last moved: once shown in its new place, its select takes the focus there.
  const moved = useRef<MoveIdeaInput | null>(null);
  const onMove = (change: MoveIdeaInput) => {
    moved.current = change;
    move.mutate(change, {
      onError: () => {
        moved.current = null;
      },
    });
  };
  // 'Start with the themes you gave' was pressed: once the themes are here, and the button that
  // had the focus is gone, the heading takes it (however long the other reads take).
  const started = useRef(false);
  useEffect(() => {
    if (!started.current || themes.length === 0) return;
    started.current = false;
    // The heading is there already: no frame to wait for.
    document.getElementById(THEMES_HEADING_ID)?.focus();
  }, [themes.length]);
  useEffect(() => {
    const change = moved.current;
    if (!change) return;
    const idea = ideas.find((candidate) => candidate.id === change.ideaId);
    if (idea?.theme !== change.theme) return;
    moved.current = null;
    document.querySelector<HTMLElement>(`[data-idea-select="${String(change.ideaId)}"]`)?.focus();
  }, [ideas]);
  return (
    <section aria-labelledby={THEMES_HEADING_ID} className="grid gap-4">
      <h2 id={THEMES_HEADING_ID} tabIndex={-1} className="text-lg font-semibold">
        Themes of the ideas
      </h2>
      {themes.length === 0 ? (
        <BoardEmptyState
          brainstormId={brainstormId}
          given={givenThemes}
          onStart={() => {
            started.current = true;
          }}
        />
      ) : null}
      {move.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {refusalText(move.error, 'The idea could not be moved. Please try again.')}
        </p>
      ) : null}
      <ul className="grid gap-3">
        {themes.map((theme) => {
          // A stack is one idea: its original stands for it, as in the theme's count.
          const own = ideas.filter((idea) => idea.theme === theme.id && idea.duplicate_of === null);
          return (
            <ThemeCard
              key={theme.id}
              theme={theme}
              themes={themes}
              ideas={own}
              onGone={focusHeading}
            >
              <ThemeIdeaList
                ideas={own}
                themes={themes}
                onMove={onMove}
                moving={move.isPending}
                empty="No ideas in this theme."
              />
            </ThemeCard>
          );
        })}
      </ul>
      {themes.length > 0 ? (
        <div className="grid gap-3 rounded-lg border border-dashed p-4">
          <h3 className="font-semibold">Unsorted ({unsorted.length})</h3>
          <ThemeIdeaList
            ideas={unsorted}
            themes={themes}
            onMove={onMove}
            moving={move.isPending}
            empty="Every idea is in a theme."
            extra={(idea) => {
              const suggested = suggestionFor(idea, suggestions.data ?? [], themes);
              if (!suggested) return null;
              return (
                <span className="flex items-center gap-1 text-muted-foreground">
                  Suggested: {suggested.name} ·
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto p-0"
                    aria-label={`Accept ${suggested.name} for ${idea.title}`}
                    disabled={move.isPending}
                    onClick={() => {
                      onMove({ ideaId: idea.id, theme: suggested.id });
                    }}
                  >
                    <Check aria-hidden="true" />
                    Accept
                  </Button>
                </span>
              );
            }}
          />
        </div>
      ) : null}
      <div className="grid gap-2 rounded-lg border p-4">
        <h3 className="font-semibold">Add a theme</h3>
        <ThemeForm
          key={create.isSuccess ? `added-${String(create.data.id)}` : 'adding'}
          label="Add a theme"
          submitText="Add theme"
          // After adding one, the emptied form is ready for the next.
          focusName={create.isSuccess}
          pending={create.isPending}
          onSubmit={(text) => {
            create.mutate({ brainstormId, ...text });
          }}
        />
        {create.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {refusalText(create.error, 'The theme could not be added. Please try again.')}
          </p>
        ) : null}
      </div>
    </section>
  );
}
