import { useEffect, useEffectEvent } from 'react';
import { REACTIONS } from '@/entities/idea/api/toggle-reaction';
import { isTyping, type RowCommands } from '../lib/review-keys';

interface ReviewKeysOptions {
  /** Moves the active row by one (1 down, -1 up) and says where to. */
  move: (step: 1 | -1) => string | null;
  /** The active row's commands, if there is an active row. */
  commands: () => RowCommands | null;
  closeComment: () => string | null;
  openHelp: () => void;
  announce: (message: string) => void;
  /** Off while another layer (the help overlay) has the keys. */
  enabled: boolean;
}

/** The review list's keys (see REVIEW_KEYS), ignored while typing or with Ctrl, Cmd or Alt. */
export function useReviewKeys(options: ReviewKeysOptions) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!options.enabled || event.defaultPrevented) return;
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    const row = options.commands();
    let said: string | null = null;
    switch (event.key) {
      case 'j':
      case 'ArrowDown':
        said = options.move(1);
        break;
      case 'k':
      case 'ArrowUp':
        said = options.move(-1);
        break;
      case '?':
        options.openHelp();
        event.preventDefault();
        return;
      case 'Escape':
        said = options.closeComment();
        break;
      case 'u':
        said = row?.vote(1) ?? null;
        break;
      case 'd':
        said = row?.vote(-1) ?? null;
        break;
      case 'b':
        said = row?.bookmark() ?? null;
        break;
      case 'h':
        said = row?.hide() ?? null;
        break;
      case 'c':
        said = row?.comment() ?? null;
        break;
      case 'm':
        said = row?.moreLikeThis() ?? null;
        break;
      case 'f':
        // Only a Bad Idea Contest's ideas can be flipped; elsewhere the key does nothing.
        said = row?.flipIt?.() ?? null;
        break;
      default: {
        const reaction = REACTIONS[Number(event.key) - 1];
        if (/^[1-4]$/.test(event.key) && reaction) said = row?.react(reaction.type) ?? null;
      }
    }
    if (said === null) return;
    event.preventDefault();
    options.announce(said);
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      onKey(event);
    };
    document.addEventListener('keydown', listener);
    return () => {
      document.removeEventListener('keydown', listener);
    };
  }, []);
}
