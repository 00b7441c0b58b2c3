import { PageHeader } from '@/components/layout/page-header';

export function BrainstormReviewPage({ brainstormId }: { brainstormId: number }) {
  return <PageHeader title="Review Ideas" description={`Brainstorm ${brainstormId}`} />;
}
