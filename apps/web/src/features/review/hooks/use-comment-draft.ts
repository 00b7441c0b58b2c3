import { useState } from 'react';
import type { Idea } from '@/entities/idea/api/types';

/** The open comment row: whose it is, the text typed so far, and whether closing waits on a yes. */
export interface CommentDraft {
  ideaId: number | null;
  text: string;
  confirming: boolean;
}

const CLOSED: CommentDraft = { ideaId: null, text: '', confirming: false };

export const DISCARD_QUESTION = 'Discard your comment?';

/**
 * The comment row, one idea at a time. Closing it with typed text asks first; every way it
 * closes calls `onClosed` with its idea, so the list can give that idea's row the keys again.
 */
export function useCommentDraft(onClosed: (ideaId: number) => void) {
  const [draft, setDraft] = useState<CommentDraft>(CLOSED);
  const holdsText = draft.text.trim() !== '';

  const close = () => {
    if (draft.ideaId !== null) onClosed(draft.ideaId);
    setDraft(CLOSED);
  };
  const ask = () => {
    setDraft((current) => ({ ...current, confirming: true }));
    return DISCARD_QUESTION;
  };

  return {
    draft,
    setText: (text: string) => {
      setDraft((current) => ({ ...current, text }));
    },
    /** Closes the row, or asks first when it holds text; says which, or null if none is open. */
    requestClose: () => {
      if (draft.ideaId === null) return null;
      if (holdsText) return ask();
      close();
      return 'Comment row closed';
    },
    /** The comment button and `c`: opens the idea's row, or closes it as `requestClose` does. */
    toggle: (idea: Idea) => {
      if (draft.ideaId !== null && holdsText) return ask();
      if (draft.ideaId === idea.id) {
        close();
        return 'Comment row closed';
      }
      setDraft({ ideaId: idea.id, text: '', confirming: false });
      return `Comment on: ${idea.title}`;
    },
    /** Sent, cancelled or discarded: the row closes without asking. */
    close,
    keepEditing: () => {
      setDraft((current) => ({ ...current, confirming: false }));
    },
  };
}
