import { XIcon } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId } from 'react';
import { REVIEW_KEYS } from '../lib/review-keys';

interface KeyboardHelpProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The '?' overlay: every key of the review list. */
export function KeyboardHelp({ open, onOpenChange }: KeyboardHelpProps) {
  const headingId = useId();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 shadow-lg">
          <Dialog.Title className="text-lg font-semibold">Keyboard shortcuts</Dialog.Title>
          <Dialog.Description className="text-sm text-muted-foreground">
            The list's keys act on the highlighted idea, and not while typing in a field. After a
            comment is submitted or closed, they act on its idea again.
          </Dialog.Description>
          {REVIEW_KEYS.map((group) => (
            <section key={group.title} aria-labelledby={`${headingId}-${group.title}`}>
              <h3 id={`${headingId}-${group.title}`} className="mb-1.5 text-sm font-medium">
                {group.title}
              </h3>
              <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
                {group.keys.map(({ keys, action }) => (
                  <div key={action} className="contents">
                    {/* Caps keep their own height beside a description on two lines. */}
                    <dt className="flex flex-wrap items-start gap-1">
                      {keys.map((key) => (
                        <kbd key={key} className="rounded border bg-muted px-1.5 font-mono text-xs">
                          {key}
                        </kbd>
                      ))}
                    </dt>
                    <dd className="font-emoji">{action}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          <Dialog.Close className="absolute top-4 right-4 rounded-xs opacity-70 hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <XIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
