import { PageHeader } from '@/components/layout/page-header';

export function SavedIdeasPage() {
  return <PageHeader title="Saved Ideas" />;
}
