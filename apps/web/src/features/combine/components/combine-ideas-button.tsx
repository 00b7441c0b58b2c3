import { Combine } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

// The form, with its launcher, loads when the dialog first opens: the page's own JavaScript
// stays the smaller for it.
const CombineIdeasForm = lazy(() =>
  import('./combine-ideas-form').then((module) => ({ default: module.CombineIdeasForm })),
);

/** 'Combine ideas' in the brainstorm's Ideas section, and the dialog it opens. */
export function CombineIdeasButton({ brainstormId }: { brainstormId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Combine aria-hidden="true" />
        Combine ideas
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Combine ideas</DialogTitle>
            <DialogDescription>
              Pick 2 to 4 ideas: a model writes one new idea that merges them. The ideas you pick
              stay as they are.
            </DialogDescription>
          </DialogHeader>
          {/* A new dialog starts afresh: nothing chosen, no run on show. */}
          {open ? (
            <Suspense
              fallback={
                <p role="status" className="text-sm text-muted-foreground">
                  Loading...
                </p>
              }
            >
              <CombineIdeasForm brainstormId={brainstormId} />
            </Suspense>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
