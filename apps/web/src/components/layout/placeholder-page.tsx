import type { ReactNode } from 'react';
import { HomeLink } from './home-link';
import { PageHeader } from './page-header';

/** A page whose content arrives in a later release: what it will hold, and a way back. */
export function PlaceholderPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="grid max-w-prose justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">{children}</p>
        <HomeLink />
      </div>
    </>
  );
}
