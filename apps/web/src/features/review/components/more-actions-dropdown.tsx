import { Copy, Ellipsis, Eye, EyeOff, FlipHorizontal2, Sparkles } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { REACTIONS } from '@/entities/idea/api/toggle-reaction';
import type { Idea } from '@/entities/idea/api/types';
import { hasReaction } from '@/entities/idea/lib/annotation-changes';
import type { RowCommands } from '../lib/review-keys';

export interface MoreActionsMenuProps {
  idea: Idea;
  hidden: boolean;
  commands: RowCommands;
  /** Opens 'Mark as duplicate'; the item is left out without it. */
  onMarkDuplicate?: (() => void) | undefined;
}

// Touch-sized: the menu is only shown on a phone's card.
const item = 'min-h-11';

/** 'More like this' and, for a Bad Idea Contest, 'Flip it', as the table's buttons have them. */
function AskForMoreMenuItems({ commands }: { commands: RowCommands }) {
  const { flipIt } = commands;
  return (
    <>
      <DropdownMenuItem
        className={item}
        onSelect={() => {
          commands.moreLikeThis();
        }}
      >
        <Sparkles aria-hidden="true" />
        More like this
      </DropdownMenuItem>
      {flipIt ? (
        <DropdownMenuItem
          className={item}
          onSelect={() => {
            flipIt();
          }}
        >
          <FlipHorizontal2 aria-hidden="true" />
          Flip it
        </DropdownMenuItem>
      ) : null}
    </>
  );
}

interface MoreActionsDropdownProps extends MoreActionsMenuProps {
  /** Opened by a key: the first item takes the focus, as when the menu's own trigger opens it. */
  openedByKey: boolean;
}

/**
 * The actions a phone's card has no room for: the four reactions, each checked when given,
 * with the team's count, and hide/show. Their names and titles are those of the table's buttons.
 * It is mounted open, by the stand-in button that `MoreActionsMenu` shows until then.
 */
export function MoreActionsDropdown({
  idea,
  hidden,
  commands,
  onMarkDuplicate,
  openedByKey,
}: MoreActionsDropdownProps) {
  const firstFocused = useRef(false);
  return (
    // Not modal, as a menu button is: the rest of the page is not hidden from screen readers
    // while it is open (a modal menu's aria-hidden page still holds focusable buttons).
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          title="More actions"
          className="hidden size-11 px-0 stacked:ml-auto stacked:inline-flex"
        >
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="min-w-48"
        ref={(content) => {
          if (!content || !openedByKey || firstFocused.current) return;
          firstFocused.current = true;
          // After the menu has focused itself on opening.
          requestAnimationFrame(() => {
            content.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
          });
        }}
      >
        {REACTIONS.map(({ type, emoji, label }) => {
          const count = idea.reaction_counts?.[type] ?? null;
          return (
            <DropdownMenuCheckboxItem
              key={type}
              title={label}
              aria-label={count === null ? label : `${label} (${count})`}
              checked={hasReaction(idea, type)}
              className={item}
              onCheckedChange={() => {
                commands.react(type);
              }}
            >
              <span aria-hidden="true" className="font-emoji">
                {emoji}
              </span>
              {label}
              {count === null ? null : (
                <span className="ml-auto text-xs text-muted-foreground tabular-nums">{count}</span>
              )}
            </DropdownMenuCheckboxItem>
          );
        })}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          title={hidden ? 'Show idea' : 'Hide idea'}
          className={item}
          onSelect={() => {
            commands.hide();
          }}
        >
          {hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
          {hidden ? 'Show idea' : 'Hide idea'}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <AskForMoreMenuItems commands={commands} />
        {onMarkDuplicate ? (
          <DropdownMenuItem className={item} onSelect={onMarkDuplicate}>
            <Copy aria-hidden="true" />
            Mark as duplicate…
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
