import { Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Idea } from '../api/types';
import { MarkDuplicateDialog } from './mark-duplicate-dialog';

/** 'Mark as duplicate…' on an idea's row, and the dialog it opens. */
export function MarkDuplicateButton({ idea }: { idea: Idea }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="mt-2 font-normal"
        aria-label={`Mark ${idea.title} as duplicate…`}
        onClick={() => {
          setOpen(true);
        }}
      >
        <Copy aria-hidden="true" />
        Mark as duplicate…
      </Button>
      <MarkDuplicateDialog idea={idea} open={open} onOpenChange={setOpen} />
    </>
  );
}
