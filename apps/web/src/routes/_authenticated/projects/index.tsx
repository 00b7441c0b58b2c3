import { createFileRoute } from '@tanstack/react-router';
import { ProjectListPage } from '@/features/projects/components/project-list-page';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/projects/')({
  head: () => titleHead('Projects'),
  component: ProjectListPage,
});
