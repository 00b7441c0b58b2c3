import { PlaceholderPage } from '@/components/layout/placeholder-page';

export function AboutPage() {
  return (
    <PlaceholderPage title="About">
      Ideaforge: team brainstorming with language models.
    </PlaceholderPage>
  );
}
