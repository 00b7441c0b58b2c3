import { useRef } from 'react';
import type { OptionSelectProps } from './option-select';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

interface OptionSelectControlProps extends OptionSelectProps {
  /** Mounted by the stand-in's press: open at once, as the trigger's own press opens it. */
  defaultOpen: boolean;
  /** Mounted while the stand-in had the focus: the trigger takes it over. */
  autoFocus: boolean;
}

/** The select itself (Radix), which `OptionSelect` fetches and mounts when first used. */
export function OptionSelectControl({
  id,
  value,
  options,
  onValueChange,
  placeholder,
  disabled,
  invalid,
  describedBy,
  size,
  className,
  defaultOpen,
  autoFocus,
}: OptionSelectControlProps) {
  const focused = useRef(false);
  return (
    <Select
      value={value}
      disabled={disabled}
      defaultOpen={defaultOpen}
      onValueChange={onValueChange}
    >
      <SelectTrigger
        id={id}
        size={size}
        className={className}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        ref={(trigger) => {
          if (!trigger || !autoFocus || focused.current) return;
          focused.current = true;
          trigger.focus();
        }}
      >
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
