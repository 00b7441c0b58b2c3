import { PageHeader } from '@/components/layout/page-header';

export function ProjectListPage() {
  return <PageHeader title="Projects Page" />;
}
