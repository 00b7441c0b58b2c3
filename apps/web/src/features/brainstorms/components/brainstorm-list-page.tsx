import { PageHeader } from '@/components/layout/page-header';

export function BrainstormListPage() {
  return <PageHeader title="Brainstorms" />;
}
