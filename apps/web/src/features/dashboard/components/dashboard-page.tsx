import { Link } from '@tanstack/react-router';
import { ArrowRight, Bookmark, Lightbulb, LogOut, ShieldCheck } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/auth-context';
import { useLogout } from '@/lib/auth/use-logout';
import { userWelcomeName } from '@/lib/user-display';

const shortcuts = [
  {
    to: '/brainstorms',
    icon: Lightbulb,
    title: 'Brainstorms',
    description: 'Start a brainstorm and let a language model generate ideas for it.',
  },
  {
    to: '/saved',
    icon: Bookmark,
    title: 'Saved ideas',
    description: 'Come back to the ideas you bookmarked while reviewing.',
  },
] as const;

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
      <div className="grid gap-4 sm:grid-cols-2">
        {shortcuts.map((shortcut) => (
          <Link
            key={shortcut.to}
            to={shortcut.to}
            className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Card className="h-full gap-3 transition-colors group-hover:border-primary/40 group-hover:bg-accent/40">
              <CardHeader>
                <div className="mb-2 flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <shortcut.icon className="size-5" aria-hidden="true" />
                </div>
                <CardTitle className="flex items-center gap-1">
                  {shortcut.title}
                  <ArrowRight className="size-4 opacity-0 transition-opacity group-hover:opacity-100" />
                </CardTitle>
                <CardDescription>{shortcut.description}</CardDescription>
              </CardHeader>
            </Card>
          </Link>
        ))}
      </div>
    </>
  );
}
