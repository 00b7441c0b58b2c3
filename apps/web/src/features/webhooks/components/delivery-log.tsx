import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { errorMessages } from '@/lib/api/error-messages';
import { formatDateTime } from '@/lib/format-date-time';
import { useDeliveryList } from '../api/list-deliveries';
import { useRetryDelivery } from '../api/retry-delivery';
import type { WebhookDelivery } from '../api/types';

const STATUS_VARIANT = {
  pending: 'outline',
  succeeded: 'secondary',
  failed: 'destructive',
} as const;

/** A delivery's status, in words and colour. */
export function DeliveryStatus({ status }: { status: WebhookDelivery['status'] }) {
  return <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>;
}

/** One attempt as a line: its answer or why there was none, how long it took, when. */
function attemptLine(attempt: WebhookDelivery['attempts'][number]) {
  const answer =
    attempt.status_code === null
      ? (attempt.error ?? 'No answer')
      : `HTTP ${attempt.status_code}${attempt.error ? ` (${attempt.error})` : ''}`;
  return `Attempt ${attempt.attempt}: ${answer}, ${attempt.duration_ms} ms, ${formatDateTime(attempt.created)}`;
}

/** A webhook's newest deliveries, each with its attempts; a finished one may be sent again. */
export function DeliveryLog({ webhookId }: { webhookId: number }) {
  const log = useDeliveryList(webhookId);
  const retry = useRetryDelivery();

  if (log.isError) {
    return (
      <LoadError
        message={`Error loading the deliveries: ${errorMessages(log.error).join(' ')}`}
        retrying={log.isFetching}
        onRetry={() => void log.refetch()}
      />
    );
  }
  if (!log.data) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading...
      </p>
    );
  }
  if (log.data.results.length === 0) {
    return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  }
  return (
    <ol aria-label="Deliveries" className="grid gap-3">
      {log.data.results.map((delivery) => (
        <li key={delivery.id} className="grid gap-1 rounded-md border p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{delivery.event}</span>
            <DeliveryStatus status={delivery.status} />
            <span className="text-muted-foreground">{formatDateTime(delivery.created)}</span>
            {delivery.status === 'pending' ? null : (
              <Button
                variant="outline"
                size="sm"
                className="ml-auto"
                disabled={retry.isPending}
                onClick={() => {
                  retry.mutate({ id: webhookId, deliveryId: delivery.id });
                }}
              >
                Send again
              </Button>
            )}
          </div>
          {delivery.attempts.length === 0 ? (
            <p className="text-muted-foreground">Not sent yet.</p>
          ) : (
            <ul aria-label={`Attempts of delivery ${delivery.id}`} className="grid gap-0.5">
              {delivery.attempts.map((attempt) => (
                <li key={attempt.attempt} className="break-words text-muted-foreground">
                  {attemptLine(attempt)}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
