import { Link } from '@tanstack/react-router';
import type { ActivityItem } from '../api/types';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

const titled = (thing: { id: number; title: string }, fallback: string) =>
  thing.title || `${fallback} ${thing.id}`;

function generationOutcome(item: Extract<ActivityItem, { kind: 'generation' }>) {
  switch (item.status) {
    case 'queued':
    case 'running':
      return 'in progress';
    case 'failed':
      return 'it failed';
    default:
      return `${plural(item.succeeded, 'idea')} made${item.failed > 0 ? `, ${item.failed} failed` : ''}`;
  }
}

/** One item of the team's activity as a sentence, linked to its idea or brainstorm. */
export function ActivitySentence({ item }: { item: ActivityItem }) {
  const brainstorm = (
    <Link
      to="/brainstorms/$brainstormId"
      params={{ brainstormId: item.brainstorm.id }}
      className="font-medium hover:underline"
    >
      {titled(item.brainstorm, 'Brainstorm')}
    </Link>
  );
  switch (item.kind) {
    case 'generation':
      return (
        <>
          {item.who.name} asked for {plural(item.requested, 'idea')} in {brainstorm} with{' '}
          {item.provider} · {item.model} ({generationOutcome(item)})
        </>
      );
    case 'comment':
      return (
        <>
          {item.author.name} commented on <IdeaLink item={item} /> in {brainstorm}:{' '}
          <q className="text-muted-foreground">{item.excerpt}</q>
        </>
      );
    case 'pin':
      return (
        <>
          <IdeaLink item={item} /> in {brainstorm} was pinned ({plural(item.pins, 'pin')})
        </>
      );
  }
}

function IdeaLink({ item }: { item: Extract<ActivityItem, { kind: 'comment' | 'pin' }> }) {
  return (
    <Link
      to="/brainstorms/$brainstormId/ideas/$ideaId"
      params={{ brainstormId: item.brainstorm.id, ideaId: item.idea.id }}
      className="font-medium hover:underline"
    >
      {titled(item.idea, 'Idea')}
    </Link>
  );
}
