import { useState } from 'react';
import type { NewToken } from '../api/create-token';
import { CreateTokenForm } from './create-token-form';
import { NewTokenPanel } from './new-token-panel';
import { TokenList } from './token-list';

/** Tokens for scripts and AI assistants to use Ideaforge as me (decision 032). */
export function PersonalTokens() {
  const [created, setCreated] = useState<NewToken | null>(null);
  return (
    <section aria-labelledby="tokens-heading" className="grid gap-4">
      <h2 id="tokens-heading" className="text-lg font-semibold">
        Personal access tokens
      </h2>
      <p className="text-sm text-muted-foreground">
        A token lets a script or an AI assistant (over MCP) use Ideaforge as you, sent as{' '}
        <code>Authorization: Bearer</code>. A read token can only read; neither can manage tokens or
        your password.
      </p>
      {created ? (
        <NewTokenPanel
          key={created.id}
          token={created}
          onDone={() => {
            setCreated(null);
          }}
        />
      ) : null}
      <CreateTokenForm onCreated={setCreated} />
      <TokenList />
    </section>
  );
}
