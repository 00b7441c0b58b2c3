import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { useTokens, type PersonalToken } from '../api/list-tokens';
import { RevokeTokenDialog } from './revoke-token-dialog';

const day = (iso: string) => new Date(iso).toLocaleDateString();

/** My tokens, each with when it was made, when it expires, when it was last used. */
export function TokenList() {
  const tokens = useTokens();
  const [revoking, setRevoking] = useState<PersonalToken | null>(null);
  // Expiry is judged against the moment the list was first shown.
  const [now] = useState(() => Date.now());

  if (tokens.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading...
      </p>
    );
  }
  if (tokens.isError) {
    return (
      <LoadError
        message="The tokens could not be loaded."
        retrying={tokens.isFetching}
        onRetry={() => void tokens.refetch()}
      />
    );
  }
  if (tokens.data.results.length === 0) {
    return <p className="text-sm text-muted-foreground">No tokens yet.</p>;
  }
  return (
    <>
      <ul aria-label="Your tokens" className="grid divide-y rounded-md border">
        {tokens.data.results.map((token) => (
          <TokenItem
            key={token.id}
            token={token}
            now={now}
            onRevoke={() => {
              setRevoking(token);
            }}
          />
        ))}
      </ul>
      <RevokeTokenDialog
        token={revoking}
        onClose={() => {
          setRevoking(null);
        }}
      />
    </>
  );
}

interface TokenItemProps {
  token: PersonalToken;
  now: number;
  onRevoke: () => void;
}

function TokenItem({ token, now, onRevoke }: TokenItemProps) {
  const expired = token.expires_at !== null && Date.parse(token.expires_at) <= now;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{token.name}</span>
          <Badge variant="secondary">{token.scope === 'read' ? 'Read' : 'Read and write'}</Badge>
          {expired ? <Badge variant="destructive">Expired</Badge> : null}
        </div>
        <code className="text-xs text-muted-foreground">{token.prefix}…</code>
        <p className="text-xs text-muted-foreground">
          Created {day(token.created)} ·{' '}
          {token.expires_at
            ? `${expired ? 'Expired' : 'Expires'} ${day(token.expires_at)}`
            : 'Never expires'}{' '}
          · Last used {token.last_used_at ? new Date(token.last_used_at).toLocaleString() : 'Never'}
        </p>
      </div>
      <Button variant="outline" size="sm" aria-label={`Revoke ${token.name}`} onClick={onRevoke}>
        Revoke
      </Button>
    </li>
  );
}
