import { Plus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useAuth } from '@/lib/auth/auth-context';
import type { Paging } from '@/lib/paging';
import { useMemberList } from '../api/list-members';
import { errorMessages } from '@/lib/api/error-messages';
import { AddMemberForm } from './add-member-form';
import { OneTimePasswordPanel, type OneTimeSecret } from './one-time-password-panel';
import { TeamFooter } from './team-footer';
import { TeamTable } from './team-table';

interface TeamPageProps extends Paging {
  onPagingChange: (paging: Paging) => void;
}

export const STAFF_ONLY_MESSAGE = 'Only staff can manage the team.';

export function TeamPage(props: TeamPageProps) {
  const { user } = useAuth();
  if (!user?.is_staff) {
    return (
      <>
        <PageHeader title="Team" />
        <Alert>
          <AlertDescription>{STAFF_ONLY_MESSAGE}</AlertDescription>
        </Alert>
      </>
    );
  }
  return <StaffTeamPage selfId={user.id} {...props} />;
}

function StaffTeamPage({
  selfId,
  page,
  pageSize,
  onPagingChange,
}: TeamPageProps & { selfId: number }) {
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<OneTimeSecret | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const list = useMemberList({ page, pageSize });
  const data = list.data;

  let body;
  if (list.isError)
    body = (
      <LoadError
        message={`Error loading the team: ${errorMessages(list.error).join(' ')}`}
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
  else
    body = (
      <TeamTable
        members={data.results}
        selfId={selfId}
        onPasswordReset={(reset) => {
          setSecret({ ...reset, reason: 'reset' });
        }}
      />
    );

  return (
    <>
      <PageHeader
        title="Team"
        description="Add members, reset their passwords, and deactivate those who leave."
        actions={
          <Button
            ref={addButton}
            variant={adding ? 'outline' : 'default'}
            aria-expanded={adding}
            aria-controls="add-member"
            onClick={() => {
              setAdding((open) => !open);
            }}
          >
            {adding ? <X aria-hidden="true" /> : <Plus aria-hidden="true" />}
            {adding ? 'Cancel' : 'Add member'}
          </Button>
        }
      />
      {adding ? (
        <section id="add-member" aria-label="Add a member">
          <AddMemberForm
            onAdded={(added) => {
              setAdding(false);
              setSecret({ ...added, reason: 'added' });
            }}
          />
        </section>
      ) : null}
      {secret ? (
        <OneTimePasswordPanel
          key={secret.password}
          secret={secret}
          onDone={() => {
            setSecret(null);
            addButton.current?.focus();
          }}
        />
      ) : null}
      <Card className="min-w-0 gap-4">
        <CardContent className="grid min-w-0 gap-4 px-4 sm:px-6">
          <div aria-busy={list.isFetching} className="min-w-0">
            {body}
          </div>
          {data ? (
            <TeamFooter
              shown={data.results.length}
              count={data.count}
              page={page}
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
        </CardContent>
      </Card>
    </>
  );
}
