import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/dashboard')({
  head: () => titleHead('Dashboard'),
  component: DashboardPage,
});
