import { PageHeader } from '@/components/layout/page-header';

export function BrainstormDetailPage({ brainstormId }: { brainstormId: number }) {
  return <PageHeader title={`Brainstorm ${brainstormId}`} />;
}
