import { FieldMessage } from '@/components/ui/field-message';
import { SelectField } from '@/components/ui/select-field';
import type { BrainstormTypeOption } from '../api/types';

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
  return (
    <SelectField
      id="brainstorm-type"
      label="Brainstorm Type"
      triggerClassName="sm:max-w-sm"
      value={value}
      options={options.map((option) => ({ value: option.value, label: option.display_name }))}
      onValueChange={onChange}
      disabled={disabled}
      invalid={Boolean(errors)}
      describedBy={[
        ...(description ? ['brainstorm-type-help'] : []),
        ...(errors ? ['brainstorm-type-error'] : []),
      ]}
    >
      {description ? (
        <p id="brainstorm-type-help" className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      <FieldMessage id="brainstorm-type-error" messages={errors} />
    </SelectField>
  );
}
