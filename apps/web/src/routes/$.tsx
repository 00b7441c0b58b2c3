import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/components/layout/not-found';
import { titleHead } from '@/lib/page-title';

// Unmatched addresses: a route of their own, so the page gets its title like any other.
export const Route = createFileRoute('/$')({
  head: () => titleHead('Not Found'),
  component: NotFound,
});
