import { createFileRoute } from '@tanstack/react-router';
import { BrainstormListPage } from '@/features/brainstorms/components/brainstorm-list-page';

export const Route = createFileRoute('/_authenticated/brainstorms/')({
  component: BrainstormListPage,
});
