import { Plus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ListPager } from '@/components/ui/list-pager';
import { LoadError } from '@/components/ui/load-error';
import { errorMessages } from '@/lib/api/error-messages';
import { useAuth } from '@/lib/auth/auth-context';
import { pageCount, type Paging } from '@/lib/paging';
import { useCreateWebhook } from '../api/create-webhook';
import { useWebhookList } from '../api/list-webhooks';
import type { WebhookWithSecret } from '../api/types';
import { SecretPanel } from './secret-panel';
import { WebhookForm } from './webhook-form';
import { WebhookItem } from './webhook-item';

interface WebhooksPageProps extends Paging {
  onPagingChange: (paging: Paging) => void;
}

export const STAFF_ONLY_MESSAGE = 'Only staff can manage webhooks.';

export function WebhooksPage(props: WebhooksPageProps) {
  const { user } = useAuth();
  if (!user?.is_staff) {
    return (
      <>
        <PageHeader title="Webhooks" />
        <Alert>
          <AlertDescription>{STAFF_ONLY_MESSAGE}</AlertDescription>
        </Alert>
      </>
    );
  }
  return <StaffWebhooksPage {...props} />;
}

function StaffWebhooksPage({ page, pageSize, onPagingChange }: WebhooksPageProps) {
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{
    webhook: WebhookWithSecret;
    reason: 'created' | 'rotated';
  } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const create = useCreateWebhook();
  const list = useWebhookList({ page, pageSize });
  const data = list.data;

  let body;
  if (list.isError)
    body = (
      <LoadError
        message={`Error loading the webhooks: ${errorMessages(list.error).join(' ')}`}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  else if (!data)
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading...
      </p>
    );
  else if (data.results.length === 0)
    body = (
      <p className="text-sm text-muted-foreground">
        No webhooks yet. Add one to send the team&apos;s activity to chat or another tool.
      </p>
    );
  else
    body = data.results.map((webhook) => (
      <WebhookItem
        key={webhook.id}
        webhook={webhook}
        onSecret={(rotated) => {
          setSecret({ webhook: rotated, reason: 'rotated' });
        }}
      />
    ));

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Send generations, pins and comments to other tools as they happen."
        actions={
          <Button
            ref={addButton}
            variant={adding ? 'outline' : 'default'}
            aria-expanded={adding}
            aria-controls="add-webhook"
            onClick={() => {
              setAdding((open) => !open);
              create.reset();
            }}
          >
            {adding ? <X aria-hidden="true" /> : <Plus aria-hidden="true" />}
            {adding ? 'Cancel' : 'Add webhook'}
          </Button>
        }
      />
      {adding ? (
        <Card id="add-webhook" role="region" aria-labelledby="add-webhook-heading">
          <CardHeader className="px-4 sm:px-6">
            <CardTitle>
              <h2 id="add-webhook-heading" className="text-lg">
                Add a webhook
              </h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="px-4 sm:px-6">
            <WebhookForm
              id="new-webhook"
              submitText="Add webhook"
              pendingText="Adding..."
              pending={create.isPending}
              error={create.error}
              onSubmit={(fields) =>
                create.mutateAsync(fields, {
                  onSuccess: (created) => {
                    setAdding(false);
                    setSecret({ webhook: created, reason: 'created' });
                  },
                })
              }
            />
          </CardContent>
        </Card>
      ) : null}
      {secret ? (
        <SecretPanel
          key={secret.webhook.secret}
          webhook={secret.webhook}
          reason={secret.reason}
          onDone={() => {
            setSecret(null);
            addButton.current?.focus();
          }}
        />
      ) : null}
      <div aria-busy={list.isFetching} className="grid min-w-0 gap-4">
        {body}
      </div>
      {data && data.count > 0 ? (
        <ListPager
          page={page}
          pages={pageCount(data.count, pageSize)}
          pageSize={pageSize}
          hasNext={data.next !== null}
          onPageChange={(next) => {
            onPagingChange({ page: next, pageSize });
          }}
          onPageSizeChange={(size) => {
            onPagingChange({ page: 1, pageSize: size });
          }}
        />
      ) : null}
    </>
  );
}
