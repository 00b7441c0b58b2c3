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
        onClick={() => {
          setOpen(true);
        }}
      >
        <Copy aria-hidden="true" />
        Mark as duplicate…
        {/* The name starts as the label reads, then says which idea (WCAG's label in name). */}
        <span className="sr-only"> {idea.title}</span>
      </Button>
      <MarkDuplicateDialog idea={idea} open={open} onOpenChange={setOpen} />
    </>
  );
}
