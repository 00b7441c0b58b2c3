import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/settings')({
  head: () => titleHead('Settings'),
  component: SettingsPage,
});
