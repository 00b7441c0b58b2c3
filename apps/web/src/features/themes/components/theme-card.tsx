import { Merge, Pencil, Split, Trash2 } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmGroup } from '@/components/ui/confirm-group';
import { refusalText } from '@/entities/analysis/lib/refusal-text';
import type { ServerIdea } from '@/entities/idea/api/types';
import type { Theme } from '@/entities/theme/api/types';
import { cn } from '@/lib/utils';
import { useDeleteTheme } from '../api/delete-theme';
import { useMergeTheme } from '../api/merge-theme';
import { useSplitTheme } from '../api/split-theme';
import { useUpdateTheme } from '../api/update-theme';
import { MergeThemeForm } from './merge-theme-form';
import { closedOnPhone, PhoneDisclosure } from './phone-disclosure';
import { SplitThemeForm } from './split-theme-form';
import { ThemeForm } from './theme-form';

type Mode = 'idle' | 'rename' | 'merge' | 'split' | 'delete';

interface ThemeCardProps {
  theme: Theme;
  themes: readonly Theme[];
  ideas: readonly ServerIdea[];
  /** The theme's ideas with their selects. */
  children: ReactNode;
  /** After a change that removes this card (delete, merge): focus goes to the list's heading. */
  onGone: () => void;
}

/**
 * A theme shows again, opened, when an idea arrives in it (moved there, say): the moved idea's
 * select takes the focus, which it cannot while hidden.
 */
function useOpenOnArrival(ideas: readonly ServerIdea[]) {
  const [open, setOpen] = useState(false);
  const [known, setKnown] = useState(ideas);
  if (known !== ideas) {
    setKnown(ideas);
    const before = new Set(known.map((idea) => idea.id));
    if (ideas.some((idea) => !before.has(idea.id))) setOpen(true);
  }
  return [open, setOpen] as const;
}

/**
 * One applied theme: its name, description and ideas, and rename, merge, split and delete. At a
 * phone's width it starts as its name and count, the rest behind the 'Ideas' button.
 */
export function ThemeCard({ theme, themes, ideas, children, onGone }: ThemeCardProps) {
  const [mode, setMode] = useState<Mode>('idle');
  const [open, setOpen] = useOpenOnArrival(ideas);
  // Leaving the rename form hands focus back to the Rename button once it is shown again.
  const focusRename = useRef(false);
  const update = useUpdateTheme();
  const remove = useDeleteTheme();
  const merge = useMergeTheme();
  const split = useSplitTheme();
  const failed = [update, remove, merge, split].find((mutation) => mutation.isError);
  const others = themes.filter((other) => other.id !== theme.id);
  const idle = () => {
    setMode('idle');
  };
  const headingId = `theme-${String(theme.id)}-heading`;
  const bodyId = `theme-${String(theme.id)}-body`;
  // A form or an error being shown keeps the theme open.
  const closed = !open && mode === 'idle' && !failed ? closedOnPhone : undefined;

  let action: ReactNode = null;
  switch (mode) {
    case 'rename':
      action = (
        <ThemeForm
          label={`Rename ${theme.name}`}
          submitText="Save"
          focusName
          initial={{ name: theme.name, description: theme.description }}
          pending={update.isPending}
          onCancel={() => {
            focusRename.current = true;
            idle();
          }}
          onSubmit={(text) => {
            update.mutate(
              { id: theme.id, ...text },
              {
                onSuccess: () => {
                  focusRename.current = true;
                  idle();
                },
              },
            );
          }}
        />
      );
      break;
    case 'merge':
      action = (
        <MergeThemeForm
          theme={theme}
          others={others}
          pending={merge.isPending}
          onCancel={idle}
          onMerge={(into) => {
            merge.mutate({ id: theme.id, into }, { onSuccess: onGone });
          }}
        />
      );
      break;
    case 'split':
      action = (
        <SplitThemeForm
          themeName={theme.name}
          ideas={ideas}
          pending={split.isPending}
          onCancel={idle}
          onSplit={(chosen) => {
            split.mutate({ id: theme.id, description: '', ...chosen }, { onSuccess: idle });
          }}
        />
      );
      break;
    case 'delete':
      action = (
        <div className="grid gap-2">
          <p className="text-sm">Its ideas become unsorted.</p>
          <ConfirmGroup
            key="confirm-delete"
            label={`Delete ${theme.name}?`}
            pending={remove.isPending}
            pendingText="Deleting..."
            onCancel={idle}
            onConfirm={() => {
              remove.mutate(theme.id, { onSuccess: onGone });
            }}
          />
        </div>
      );
      break;
    case 'idle':
      break;
  }

  return (
    <li aria-labelledby={headingId} className="grid content-start gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <div className="flex items-start justify-between gap-2">
            <h3 id={headingId} className="font-semibold break-words">
              {theme.name}{' '}
              <span className="text-sm font-normal text-muted-foreground">
                ({theme.ideas_count})
              </span>
            </h3>
            <PhoneDisclosure
              open={open}
              onOpenChange={setOpen}
              controls={`${bodyId} ${bodyId}-actions`}
              name={theme.name}
            />
          </div>
          {theme.description ? (
            <p className={cn('text-sm text-muted-foreground', closed)}>{theme.description}</p>
          ) : null}
        </div>
        {mode === 'idle' ? (
          <div id={`${bodyId}-actions`} className={cn('flex flex-wrap gap-1', closed)}>
            <Button
              ref={(node) => {
                if (node && focusRename.current) {
                  focusRename.current = false;
                  node.focus();
                }
              }}
              variant="ghost"
              size="sm"
              aria-label={`Rename ${theme.name}`}
              onClick={() => {
                update.reset();
                setMode('rename');
              }}
            >
              <Pencil aria-hidden="true" />
              Rename
            </Button>
            {others.length > 0 ? (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Merge ${theme.name}`}
                onClick={() => {
                  merge.reset();
                  setMode('merge');
                }}
              >
                <Merge aria-hidden="true" />
                Merge
              </Button>
            ) : null}
            {ideas.length > 1 ? (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Split ${theme.name}`}
                onClick={() => {
                  split.reset();
                  setMode('split');
                }}
              >
                <Split aria-hidden="true" />
                Split
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete ${theme.name}`}
              onClick={() => {
                remove.reset();
                setMode('delete');
              }}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      <div id={bodyId} className={cn('grid gap-3', closed)}>
        {action}
        {failed ? (
          <p role="alert" className="text-sm text-destructive">
            {refusalText(failed.error, 'The theme could not be changed. Please try again.')}
          </p>
        ) : null}
        {children}
      </div>
    </li>
  );
}
