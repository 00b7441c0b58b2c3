import { ChevronDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** What a closed disclosure hides at a phone's width; from `sm` up everything shows. */
export const closedOnPhone = 'max-sm:hidden';

interface PhoneDisclosureProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id of what it shows and hides. */
  controls: string;
  /** Whose ideas, for its name: 'Ideas in Pricing'. */
  name: string;
}

/**
 * The button that opens a theme at a phone's width, where themes start as their names and
 * counts. Wider screens show every theme open and never see it (`sm:hidden`).
 */
export function PhoneDisclosure({ open, onOpenChange, controls, name }: PhoneDisclosureProps) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="min-h-11 shrink-0 sm:hidden"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={`Ideas in ${name}`}
      onClick={() => {
        onOpenChange(!open);
      }}
    >
      Ideas
      <ChevronDown
        aria-hidden="true"
        className={cn('transition-transform', open && 'rotate-180')}
      />
    </Button>
  );
}
