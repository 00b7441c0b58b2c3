import { useState } from 'react';
import type { Idea } from '@/entities/idea/api/types';
import type { RowCommands } from '../lib/review-keys';
import { useReviewKeys } from './use-review-keys';

interface ReviewKeyboardOptions {
  rows: Idea[] | undefined;
  activeId: number | null;
  /** Makes the idea's row the active one and brings it into view. */
  moveTo: (ideaId: number) => void;
  /** The active row's commands, or null when no row is active. */
  commands: RowCommands | null;
  /** Closes the open comment row, or asks first when it holds text; says which, or null. */
  closeComment: () => string | null;
  /** Moving on from the last row, where ideas arrived meanwhile: carries on into them. */
  pastTheEnd?: (() => string | null) | undefined;
}

/**
 * The review list's keys wired to its rows: moving the active row, the active row's commands,
 * the '?' overlay and what each key did, for a polite live region.
 */
export function useReviewKeyboard(options: ReviewKeyboardOptions) {
  const { rows, activeId } = options;
  const [helpOpen, setHelpOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  useReviewKeys({
    enabled: !helpOpen,
    move: (step) => {
      if (!rows || rows.length === 0) return null;
      const at = rows.findIndex((idea) => idea.id === activeId);
      if (step === 1 && at === rows.length - 1 && options.pastTheEnd) return options.pastTheEnd();
      const index = at === -1 ? 0 : Math.min(rows.length - 1, Math.max(0, at + step));
      const next = rows[index];
      if (!next) return null;
      options.moveTo(next.id);
      return `${next.title} (${index + 1} of ${rows.length})`;
    },
    commands: () => options.commands,
    closeComment: () => options.closeComment(),
    openHelp: () => {
      setHelpOpen(true);
    },
    announce: setAnnouncement,
  });

  return { helpOpen, setHelpOpen, announcement };
}
