import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { savedId } from '@/entities/idea/lib/annotation-cache';
import type { SavedIdea } from '../api/types';
import { UnsaveButton } from './unsave-button';

const prose = 'min-w-40 align-top break-words whitespace-normal';

const brainstormTitle = (idea: SavedIdea) => idea.brainstorm_detail.title || 'Untitled';

function formatDate(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString();
}

/** Unsave, once the server knows the annotation that holds the bookmark. */
function Unsave({ idea }: { idea: SavedIdea }) {
  const annotationId = savedId(idea.user_annotation);
  return annotationId === null ? null : (
    <UnsaveButton annotationId={annotationId} ideaTitle={idea.title} />
  );
}

const columns: ResponsiveColumn<SavedIdea>[] = [
  { header: 'Title', kind: 'title', className: `${prose} font-medium`, cell: (idea) => idea.title },
  { header: 'Summary', className: `${prose} min-w-56`, cell: (idea) => idea.summary },
  { header: 'Brainstorm', className: prose, cell: brainstormTitle },
  {
    header: 'Created',
    className: 'align-top whitespace-nowrap',
    cell: (idea) => formatDate(idea.created),
  },
  {
    header: 'Actions',
    kind: 'actions',
    className: 'align-top',
    cell: (idea) => (
      <div className="flex gap-2 stacked:flex-wrap">
        <Button asChild variant="outline" size="sm">
          <Link to="/brainstorms/$brainstormId" params={{ brainstormId: idea.brainstorm }}>
            View <span className="sr-only">brainstorm {brainstormTitle(idea)}</span>
          </Link>
        </Button>
        <Unsave idea={idea} />
      </div>
    ),
  },
];

export function SavedIdeasTable({ ideas }: { ideas: SavedIdea[] }) {
  return (
    <ResponsiveTable columns={columns} rows={ideas} rowKey={(idea) => idea.id} stackBelow="48rem" />
  );
}
