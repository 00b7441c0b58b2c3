import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '@/features/about/components/about-page';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/about')({
  head: () => titleHead('About'),
  component: AboutPage,
});
