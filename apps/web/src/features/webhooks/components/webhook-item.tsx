import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmGroup } from '@/components/ui/confirm-group';
import { errorMessages } from '@/lib/api/error-messages';
import { relativeTime } from '@/lib/relative-time';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useRotateSecret } from '../api/rotate-secret';
import { useSendTestEvent } from '../api/send-test-event';
import type { Webhook, WebhookWithSecret } from '../api/types';
import { useUpdateWebhook } from '../api/update-webhook';
import { DeliveryLog, DeliveryStatus } from './delivery-log';
import { WebhookForm } from './webhook-form';

interface WebhookItemProps {
  webhook: Webhook;
  onSecret: (webhook: WebhookWithSecret) => void;
}

/** One webhook: what it sends where, its last delivery, and what staff may do with it. */
export function WebhookItem({ webhook, onSecret }: WebhookItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTestEvent();
  const rotate = useRotateSecret();
  const name = webhook.name || webhook.url;
  const failures = [remove.error, test.error, rotate.error].flatMap((e) => errorMessages(e));
  const last = webhook.last_delivery;

  return (
    <Card className="min-w-0 gap-4" aria-labelledby={`webhook-${webhook.id}-name`}>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2 id={`webhook-${webhook.id}-name`} className="text-lg break-all">
            {name}
          </h2>
          <Badge variant={webhook.active ? 'secondary' : 'outline'}>
            {webhook.active ? 'Active' : 'Inactive'}
          </Badge>
        </CardTitle>
        <CardDescription className="grid gap-1">
          <span className="font-mono break-all">{webhook.url}</span>
          <span>{webhook.events.join(', ')}</span>
          <span className="flex flex-wrap items-center gap-2">
            {last ? (
              <>
                Last delivery: <span className="font-mono">{last.event}</span>
                <DeliveryStatus status={last.status} />
                {relativeTime(last.created)}
              </>
            ) : (
              'No deliveries yet.'
            )}
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4 px-4 sm:px-6">
        {editing ? (
          <WebhookForm
            id={`webhook-${webhook.id}-form`}
            initial={{
              name: webhook.name,
              url: webhook.url,
              events: webhook.events,
              active: webhook.active,
            }}
            submitText="Save"
            pendingText="Saving..."
            pending={update.isPending}
            error={update.error}
            onSubmit={(fields) =>
              update.mutateAsync(
                { id: webhook.id, ...fields },
                {
                  onSuccess: () => {
                    setEditing(false);
                  },
                },
              )
            }
            onCancel={() => {
              setEditing(false);
              update.reset();
            }}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={test.isPending}
              onClick={() => {
                test.mutate(webhook.id, {
                  onSuccess: () => {
                    setShowLog(true);
                  },
                });
              }}
            >
              {test.isPending ? 'Sending...' : 'Send test event'}
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-expanded={showLog}
              aria-controls={`webhook-${webhook.id}-log`}
              onClick={() => {
                setShowLog((shown) => !shown);
              }}
            >
              {showLog ? 'Hide deliveries' : 'Deliveries'}
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setEditing(true);
              }}
            >
              Edit
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={rotate.isPending}
              onClick={() => {
                rotate.mutate(webhook.id, { onSuccess: onSecret });
              }}
            >
              New secret
            </Button>
            {confirming ? (
              <ConfirmGroup
                key="confirm"
                label={`Delete ${name}?`}
                pending={remove.isPending}
                pendingText="Deleting..."
                onCancel={() => {
                  setConfirming(false);
                }}
                onConfirm={() => {
                  remove.mutate(webhook.id);
                }}
              />
            ) : (
              <Button
                key="delete"
                variant="outline"
                size="sm"
                onClick={() => {
                  setConfirming(true);
                }}
              >
                Delete
              </Button>
            )}
          </div>
        )}
        {failures.length > 0 ? (
          <Alert variant="destructive">
            <AlertDescription>
              {failures.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </AlertDescription>
          </Alert>
        ) : null}
        {showLog ? (
          <section id={`webhook-${webhook.id}-log`} aria-label={`Deliveries of ${name}`}>
            <DeliveryLog webhookId={webhook.id} />
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
