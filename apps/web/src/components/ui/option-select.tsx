import { ChevronDownIcon } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';
import type { OptionSelectControl } from './option-select-control';
import { selectTriggerClass } from './select-trigger-class';

export interface OptionSelectProps {
  id: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onValueChange: (value: string) => void;
  /** Shown while no option is chosen. */
  placeholder?: string | undefined;
  disabled?: boolean | undefined;
  invalid?: boolean | undefined;
  /** The ids of the texts that describe it, space-separated. */
  describedBy?: string | undefined;
  size?: 'sm' | 'default';
  className?: string | undefined;
}

type Control = typeof OptionSelectControl;
let loaded: Control | null = null;
let loading: Promise<Control> | null = null;

/** Fetches the select's code once; a test setup may call it to have every select built at once. */
export function loadOptionSelect() {
  loading ??= import('./option-select-control').then(({ OptionSelectControl }) => {
    loaded = OptionSelectControl;
    return OptionSelectControl;
  });
  return loading;
}

// The keys on which the select's trigger opens it.
const OPENING_KEYS = new Set([' ', 'Enter', 'ArrowUp', 'ArrowDown']);

/**
 * A select of fixed options. A page shows several and most are never opened, so until one is
 * used it is a plain button that looks and reads as the select's trigger (a combobox naming the
 * chosen option); its code is fetched as the pointer or the focus nears it. Pressing it mounts
 * the select open, and focusing it mounts the select closed with the focus on its trigger, so
 * that its keys (typing to choose, among them) are the select's own. Once fetched, every select
 * is built at once.
 */
export function OptionSelect(props: OptionSelectProps) {
  const [used, setUsed] = useState<{ open: boolean; focus: boolean } | null>(null);
  const standInRef = useRef<HTMLButtonElement>(null);
  const [Control, setControl] = useState<Control | null>(() => loaded);
  const load = (then?: (control: Control) => void) => {
    void loadOptionSelect().then((control) => {
      setControl(() => control);
      then?.(control);
    });
  };
  if (Control) {
    return <Control {...props} defaultOpen={used?.open ?? false} autoFocus={used !== null} />;
  }
  const open = () => {
    setUsed({ open: true, focus: true });
    load();
  };
  const { id, value, options, placeholder, disabled, invalid, describedBy, size, className } =
    props;
  const chosen = options.find((option) => option.value === value);
  return (
    <button
      ref={standInRef}
      type="button"
      role="combobox"
      id={id}
      aria-expanded={false}
      aria-autocomplete="none"
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
      disabled={disabled}
      data-disabled={disabled ? '' : undefined}
      data-state="closed"
      data-placeholder={chosen ? undefined : ''}
      data-slot="select-trigger"
      data-size={size ?? 'default'}
      className={cn(selectTriggerClass, className)}
      onPointerEnter={() => {
        load();
      }}
      onFocus={() => {
        load(() => {
          // Still focused once the code is here: the select's trigger takes the focus over.
          if (standInRef.current === document.activeElement) setUsed({ open: false, focus: true });
        });
      }}
      onPointerDown={(event) => {
        // As the trigger: a mouse opens it on press, touch and pen on click.
        if (event.pointerType !== 'mouse' || event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        open();
      }}
      onClick={(event) => {
        if (event.detail !== 0 && !used) open();
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      }}
    >
      <span data-slot="select-value" style={{ pointerEvents: 'none' }}>
        {chosen?.label ?? placeholder}
      </span>
      <ChevronDownIcon aria-hidden="true" className="size-4 opacity-50" />
    </button>
  );
}
