import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { commentId, useAddComment } from '@/entities/idea/api/add-comment';
import { useIdeaComments } from '@/entities/idea/api/list-idea-comments';
import type { Idea } from '@/entities/idea/api/types';
import { formatDateTime } from '@/lib/format-date-time';
import { DISCARD_QUESTION, type CommentDraft } from '../hooks/use-comment-draft';

function TeamComments({ ideaId }: { ideaId: number }) {
  const comments = useIdeaComments(ideaId);
  if (comments.isPending) {
    return <p className="text-sm text-muted-foreground">Loading comments...</p>;
  }
  if (comments.isError) {
    return <p className="text-sm text-destructive">Error loading comments</p>;
  }
  if (comments.data.totals_hidden) {
    return <p className="text-sm text-muted-foreground">Comments hidden until you review.</p>;
  }
  if (comments.data.results.length === 0) {
    return <p className="text-sm text-muted-foreground">No comments yet.</p>;
  }
  return (
    <ul className="grid gap-2" aria-label="Team comments">
      {comments.data.results.map((comment) => (
        <li key={comment.id} className="text-sm">
          <span className="font-medium">{comment.author.name}</span>{' '}
          <span className="text-xs text-muted-foreground">{formatDateTime(comment.created)}</span>
          <p className="break-words whitespace-pre-line">{comment.text}</p>
        </li>
      ))}
    </ul>
  );
}

interface CommentRowProps {
  idea: Idea;
  /** The text typed so far and whether closing waits on the reviewer's yes. */
  draft: Pick<CommentDraft, 'text' | 'confirming'>;
  onTextChange: (text: string) => void;
  /** Esc: closes at once when nothing is typed, else asks first. */
  onRequestClose: () => void;
  /** Closes without asking: sent, cancelled or discarded. */
  onClose: () => void;
  onKeepEditing: () => void;
  /** Called when a comment is sent: the idea is marked as recently interacted with. */
  onInteract: () => void;
}

/**
 * The team's comments on an idea and a field for the caller's own: Enter (or Ctrl/Cmd+Enter)
 * sends it, Shift+Enter starts a new line, and Esc closes the row, asking before typed text
 * is thrown away.
 */
export function CommentRow({
  idea,
  draft: { text, confirming },
  onTextChange,
  onRequestClose,
  onClose,
  onKeepEditing,
  onInteract,
}: CommentRowProps) {
  const fieldId = useId();
  const questionId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const adding = useAddComment(idea.id);
  const blank = text.trim() === '';

  // Back from the question to the text, where the reviewer left it.
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) asked.current = true;
    else if (asked.current) {
      asked.current = false;
      field.current?.focus();
    }
  }, [confirming]);

  const send = () => {
    if (blank) return;
    onInteract();
    adding.mutate({ text, id: commentId() });
    onClose();
  };

  return (
    <div className="grid gap-3 py-2">
      <TeamComments ideaId={idea.id} />
      <form
        className="grid gap-2"
        aria-label={`Comment on ${idea.title}`}
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Label htmlFor={fieldId}>Your comment</Label>
        <Textarea
          ref={field}
          id={fieldId}
          autoFocus
          value={text}
          onChange={(event) => {
            onTextChange(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              onRequestClose();
            } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              // Prevented, so the keypress that would click what gets focus next never comes.
              event.preventDefault();
              send();
            }
          }}
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={blank}>
            Submit
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={onClose}>
            Cancel
          </Button>
        </div>
        {confirming ? (
          <div
            role="alertdialog"
            aria-labelledby={questionId}
            className="flex flex-wrap items-center gap-2 rounded-md border border-destructive/60 p-2"
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.preventDefault();
              onKeepEditing();
            }}
          >
            <p id={questionId} className="text-sm font-medium">
              {DISCARD_QUESTION}
            </p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="text-destructive hover:text-destructive"
              onClick={onClose}
            >
              Discard
            </Button>
            <Button type="button" variant="outline" size="sm" autoFocus onClick={onKeepEditing}>
              Keep editing
            </Button>
          </div>
        ) : null}
      </form>
    </div>
  );
}
