import { PlaceholderPage } from '@/components/layout/placeholder-page';

export function SavedIdeasPage() {
  return (
    <PlaceholderPage title="Saved Ideas">
      The ideas you bookmark while reviewing will be listed here.
    </PlaceholderPage>
  );
}
