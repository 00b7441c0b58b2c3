import { createFileRoute } from '@tanstack/react-router';
import { ProjectListPage } from '@/features/projects/components/project-list-page';

export const Route = createFileRoute('/_authenticated/projects/')({
  component: ProjectListPage,
});
