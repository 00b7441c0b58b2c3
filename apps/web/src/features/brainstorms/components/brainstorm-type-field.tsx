import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { BrainstormTypeOption } from '../api/types';
import { FieldMessage } from '@/components/ui/field-message';

interface BrainstormTypeFieldProps {
  options: BrainstormTypeOption[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  errors?: string[];
}

export function BrainstormTypeField({
  options,
  value,
  onChange,
  disabled,
  errors,
}: BrainstormTypeFieldProps) {
  const description = options.find((option) => option.value === value)?.description;
  const describedBy = [
    description ? 'brainstorm-type-help' : '',
    errors ? 'brainstorm-type-error' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="grid gap-2">
      <Label htmlFor="brainstorm-type">Brainstorm Type</Label>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger
          id="brainstorm-type"
          className="w-full sm:max-w-sm"
          aria-describedby={describedBy || undefined}
          aria-invalid={errors ? true : undefined}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.display_name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {description ? (
        <p id="brainstorm-type-help" className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      <FieldMessage id="brainstorm-type-error" messages={errors} />
    </div>
  );
}
