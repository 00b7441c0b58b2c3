import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * An idea's description: in full in the table, and behind a 'Show description' button on a
 * phone's card, which stays short until asked. Nothing for an idea without one.
 */
export function IdeaDescription({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (text === '') return null;
  return (
    <>
      {/* Touch-sized, its margins taking back most of the height it adds to the card. */}
      <Button
        type="button"
        variant="link"
        size="sm"
        aria-expanded={open}
        aria-controls={id}
        className="-my-2 hidden h-11 px-0 stacked:inline-flex"
        onClick={() => {
          setOpen((was) => !was);
        }}
      >
        {open ? 'Hide description' : 'Show description'}
      </Button>
      <p id={id} className={cn(!open && 'stacked:hidden')}>
        {text}
      </p>
    </>
  );
}
