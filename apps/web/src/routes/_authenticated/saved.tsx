import { createFileRoute } from '@tanstack/react-router';
import { SavedIdeasPage } from '@/features/ideas/components/saved-ideas-page';

export const Route = createFileRoute('/_authenticated/saved')({
  component: SavedIdeasPage,
});
