import { Activity, MessageSquare, Pin, Sparkles } from 'lucide-react';
import { formatDateTime } from '@/lib/format-date-time';
import { relativeTime } from '@/lib/relative-time';
import { useActivity } from '../api/get-activity';
import type { ActivityItem } from '../api/types';
import { ActivitySentence } from './activity-sentence';
import { CardEmpty, DashboardCard } from './dashboard-card';

const ICONS = { generation: Sparkles, comment: MessageSquare, pin: Pin } as const;

const keyOf = (item: ActivityItem) =>
  item.kind === 'pin' ? `pin-${item.idea.id}` : `${item.kind}-${item.id}`;

/** The team's generations, comments and pins, newest first. */
export function TeamActivityCard() {
  const query = useActivity();
  return (
    <DashboardCard
      title="Team activity"
      icon={Activity}
      query={query}
      errorMessage="Error loading team activity."
      isEmpty={(activity) => activity.results.length === 0}
      empty={<CardEmpty>Nothing yet: generations, comments and pins will show here.</CardEmpty>}
    >
      {(activity) => (
        <ul className="grid grid-cols-1 gap-3">
          {activity.results.map((item) => {
            const Icon = ICONS[item.kind];
            return (
              <li key={keyOf(item)} className="flex min-w-0 gap-2 text-sm">
                <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 break-words">
                  <p>
                    <ActivitySentence item={item} />
                  </p>
                  <time
                    dateTime={item.at}
                    title={formatDateTime(item.at)}
                    className="text-xs text-muted-foreground"
                  >
                    {relativeTime(item.at)}
                  </time>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </DashboardCard>
  );
}
