import { PlaceholderPage } from '@/components/layout/placeholder-page';

export function ProjectListPage() {
  return (
    <PlaceholderPage title="Projects Page">
      Projects will group brainstorms; this page comes in a later release.
    </PlaceholderPage>
  );
}
