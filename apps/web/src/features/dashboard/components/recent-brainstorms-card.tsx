import { Link } from '@tanstack/react-router';
import { Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format-date-time';
import { relativeTime } from '@/lib/relative-time';
import { useRecentBrainstorms } from '../api/get-recent-brainstorms';
import type { BrainstormScope } from '../api/types';
import { CardEmpty, DashboardCard } from './dashboard-card';

const SCOPES: { value: BrainstormScope; label: string }[] = [
  { value: 'team', label: 'Team' },
  { value: 'mine', label: 'Mine' },
];

function ScopeToggle({
  scope,
  onChange,
}: {
  scope: BrainstormScope;
  onChange: (scope: BrainstormScope) => void;
}) {
  return (
    <div role="group" aria-label="Whose brainstorms" className="flex gap-1">
      {SCOPES.map(({ value, label }) => (
        <Button
          key={value}
          size="sm"
          variant={scope === value ? 'secondary' : 'ghost'}
          aria-pressed={scope === value}
          onClick={() => {
            onChange(value);
          }}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}

/** The brainstorms with the newest activity, the team's or the caller's own. */
export function RecentBrainstormsCard() {
  const [scope, setScope] = useState<BrainstormScope>('team');
  const query = useRecentBrainstorms(scope);
  return (
    <DashboardCard
      title="Recent brainstorms"
      icon={Lightbulb}
      query={query}
      errorMessage="Error loading recent brainstorms."
      action={<ScopeToggle scope={scope} onChange={setScope} />}
      isEmpty={(recent) => recent.results.length === 0}
      empty={
        <CardEmpty>
          {scope === 'mine' ? 'You have not started a brainstorm yet. ' : 'No brainstorms yet. '}
          <Link
            to="/brainstorms"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Start one
          </Link>
        </CardEmpty>
      }
    >
      {(recent) => (
        <ul className="grid grid-cols-1 gap-1">
          {recent.results.map((brainstorm) => (
            <li key={brainstorm.id} className="rounded-md px-2 py-1.5 text-sm">
              <Link
                to="/brainstorms/$brainstormId"
                params={{ brainstormId: brainstorm.id }}
                className="block truncate font-medium hover:underline"
              >
                {brainstorm.title || `Brainstorm ${brainstorm.id}`}
              </Link>
              <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                <span>
                  {brainstorm.ideas_count} {brainstorm.ideas_count === 1 ? 'idea' : 'ideas'}
                </span>
                <time
                  dateTime={brainstorm.last_activity}
                  title={formatDateTime(brainstorm.last_activity)}
                >
                  {relativeTime(brainstorm.last_activity)}
                </time>
                {brainstorm.project ? <span>{brainstorm.project.name}</span> : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
