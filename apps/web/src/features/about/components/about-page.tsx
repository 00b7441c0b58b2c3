import { PageHeader } from '@/components/layout/page-header';

export function AboutPage() {
  return (
    <PageHeader title="About" description="Ideaforge: team brainstorming with language models." />
  );
}
