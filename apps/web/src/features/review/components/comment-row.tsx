import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { commentId, useAddComment } from '@/entities/idea/api/add-comment';
import { useIdeaComments } from '@/entities/idea/api/list-idea-comments';
import type { Idea } from '@/entities/idea/api/types';
import { formatDateTime } from '@/lib/format-date-time';

function TeamComments({ ideaId }: { ideaId: number }) {
  const comments = useIdeaComments(ideaId);
  if (comments.isPending) {
    return <p className="text-sm text-muted-foreground">Loading comments...</p>;
  }
  if (comments.isError) {
    return <p className="text-sm text-destructive">Error loading comments</p>;
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
  onClose: () => void;
  /** Called when a comment is sent: the idea is marked as recently interacted with. */
  onInteract: () => void;
}

/** The team's comments on an idea and a field for the caller's own. */
export function CommentRow({ idea, onClose, onInteract }: CommentRowProps) {
  const fieldId = useId();
  const [text, setText] = useState('');
  const adding = useAddComment(idea.id);
  const blank = text.trim() === '';

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blank) return;
    onInteract();
    adding.mutate({ text, id: commentId() });
    setText('');
    onClose();
  };

  return (
    <div className="grid gap-3 py-2">
      <TeamComments ideaId={idea.id} />
      <form className="grid gap-2" aria-label={`Comment on ${idea.title}`} onSubmit={submit}>
        <Label htmlFor={fieldId}>Your comment</Label>
        <Textarea
          id={fieldId}
          autoFocus
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
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
      </form>
    </div>
  );
}
