import { Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ideasCount, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../lib/import-file';

// The form loads when the dialog first opens: the page's own JavaScript stays the smaller.
const ImportIdeasForm = lazy(() =>
  import('./import-ideas-form').then((module) => ({ default: module.ImportIdeasForm })),
);

/**
 * 'Import ideas' in the brainstorm's Ideas section, the dialog it opens, and the announcement
 * of what was imported once the dialog has closed.
 */
export function ImportIdeasButton({ brainstormId }: { brainstormId: number }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setDone('');
          setOpen(true);
        }}
      >
        <Upload aria-hidden="true" />
        Import ideas
      </Button>
      <p role="status" className="self-center text-sm text-muted-foreground">
        {done}
      </p>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>Import ideas</DialogTitle>
            <DialogDescription>
              A CSV or JSON file with a title for each idea, and a summary and description if you
              like; the CSV export reads back. At most {IMPORT_MAX_BYTES / 1024} KB and{' '}
              {IMPORT_MAX_ROWS} ideas. Nothing is stored until you import.
            </DialogDescription>
          </DialogHeader>
          {/* A new dialog starts afresh: no file, no preview. */}
          {open ? (
            <Suspense
              fallback={
                <p role="status" className="text-sm text-muted-foreground">
                  Loading...
                </p>
              }
            >
              <ImportIdeasForm
                brainstormId={brainstormId}
                onCancel={() => {
                  setOpen(false);
                }}
                onImported={(count) => {
                  setOpen(false);
                  setDone(`Imported ${ideasCount(count)}.`);
                }}
              />
            </Suspense>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
