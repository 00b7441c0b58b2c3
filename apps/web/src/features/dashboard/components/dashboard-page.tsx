import { LogOut, ShieldCheck } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/auth-context';
import { useLogout } from '@/lib/auth/use-logout';
import { userWelcomeName } from '@/lib/user-display';
import { RecentBrainstormsCard } from './recent-brainstorms-card';
import { ReviewQueueCard } from './review-queue-card';
import { SpendCard } from './spend-card';
import { TeamActivityCard } from './team-activity-card';

export function DashboardPage() {
  const { user } = useAuth();
  const logout = useLogout();
  const name = userWelcomeName(user);

  return (
    <>
      <PageHeader
        title="Dashboard"
        actions={
          <Button
            variant="outline"
            disabled={logout.isPending}
            onClick={() => {
              logout.mutate();
            }}
          >
            <LogOut />
            Logout
          </Button>
        }
      />
      <Card className="gap-2 bg-gradient-to-br from-primary/10 via-card to-card">
        <CardHeader>
          <CardTitle className="text-lg">Welcome, {name}</CardTitle>
          <CardDescription className="flex items-center gap-2">
            <ShieldCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
            This page requires authentication: you see it because you are signed in.
          </CardDescription>
        </CardHeader>
      </Card>
      <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-2">
        <ReviewQueueCard />
        <RecentBrainstormsCard />
        <TeamActivityCard />
        <SpendCard />
      </div>
    </>
  );
}
