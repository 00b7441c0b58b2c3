import { PageHeader } from '@/components/layout/page-header';

export function ProjectDetailPage({ projectId }: { projectId: number }) {
  return <PageHeader title={`Project ${projectId}`} />;
}
