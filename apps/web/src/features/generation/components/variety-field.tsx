import { useId } from 'react';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { VARIETY_OPTIONS, type Variety } from '../lib/variety';

interface VarietyFieldProps {
  value: Variety;
  onChange: (value: Variety) => void;
}

/** 'Variety': Normal, or High, which asks for 3 candidates per idea and keeps the most novel. */
export function VarietyField({ value, onChange }: VarietyFieldProps) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>Variety</Label>
      <Select
        value={value}
        onValueChange={(next) => {
          onChange(next === 'high' ? 'high' : 'normal');
        }}
      >
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {VARIETY_OPTIONS.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
