import { PlaceholderPage } from '@/components/layout/placeholder-page';

export function ProjectDetailPage({ projectId }: { projectId: number }) {
  return (
    <PlaceholderPage title={`Project ${projectId}`}>
      This project's brainstorms will be listed here in a later release.
    </PlaceholderPage>
  );
}
