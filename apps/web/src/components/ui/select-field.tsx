import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';
import { OptionSelect } from './option-select';

export interface SelectOption<Value extends string> {
  value: Value;
  label: string;
}

interface SelectFieldProps<Value extends string> {
  label: string;
  value: Value | '';
  options: readonly SelectOption<Value>[];
  onValueChange: (value: Value) => void;
  /** The trigger's id, when something else names it; otherwise one of its own. */
  id?: string;
  /** Shown while no option is chosen. */
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Ids of the texts that describe the field: help, an estimate, errors. */
  describedBy?: string[];
  className?: string;
  triggerClassName?: string;
  /** What follows the select inside the field: help or error texts. */
  children?: ReactNode;
}

/** A labelled select of fixed options: the label, the trigger with its chosen text, the list. */
export function SelectField<Value extends string>({
  label,
  value,
  options,
  onValueChange,
  id,
  placeholder,
  disabled,
  invalid,
  describedBy = [],
  className,
  triggerClassName,
  children,
}: SelectFieldProps<Value>) {
  const ownId = useId();
  const triggerId = id ?? ownId;
  const byValue = new Map(options.map((option) => [option.value as string, option.value]));
  return (
    <div className={cn('grid min-w-0 gap-2', className)}>
      <Label htmlFor={triggerId}>{label}</Label>
      <OptionSelect
        id={triggerId}
        value={value}
        options={options}
        placeholder={placeholder}
        disabled={disabled}
        invalid={invalid}
        describedBy={describedBy.length > 0 ? describedBy.join(' ') : undefined}
        className={cn('w-full', triggerClassName)}
        onValueChange={(next) => {
          const chosen = byValue.get(next);
          if (chosen !== undefined) onValueChange(chosen);
        }}
      />
      {children}
    </div>
  );
}
