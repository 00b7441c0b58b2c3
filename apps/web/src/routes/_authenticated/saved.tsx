import { createFileRoute } from '@tanstack/react-router';
import { SavedIdeasPage } from '@/features/ideas/components/saved-ideas-page';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/saved')({
  head: () => titleHead('Saved Ideas'),
  component: SavedIdeasPage,
});
