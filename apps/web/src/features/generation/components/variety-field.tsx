import { useId } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { IDEA_SETTINGS } from '@/entities/idea/lib/generation-choice';
import {
  CANDIDATES_PER_IDEA,
  outputTokenBound,
  VARIETY_OPTIONS,
  type Variety,
} from '../lib/variety';

interface VarietyFieldProps {
  value: Variety;
  onChange: (value: Variety) => void;
  /** The ideas asked for, when the field holds a valid number. */
  count: number | null;
  /** False for the offline provider, which calls no model. */
  costsTokens: boolean;
}

const format = new Intl.NumberFormat('en-US');

/** What the choice may cost, in the output tokens the server reserves before queueing. */
function estimate(value: Variety, count: number | null, costsTokens: boolean) {
  if (!costsTokens) return 'Offline ideas cost no tokens.';
  if (count === null) return null;
  const bound = format.format(outputTokenBound(count, value, IDEA_SETTINGS.max_tokens));
  const candidates = CANDIDATES_PER_IDEA[value];
  const ideas = count === 1 ? '1 idea' : `${count} ideas`;
  return candidates > 1
    ? `Up to ${bound} output tokens for ${ideas}, ${candidates} candidates each.`
    : `Up to ${bound} output tokens for ${ideas}.`;
}

/** 'Variety': Normal, or High, which asks for 3 candidates per idea and keeps the most novel. */
export function VarietyField({ value, onChange, count, costsTokens }: VarietyFieldProps) {
  const id = useId();
  const cost = estimate(value, count, costsTokens);
  return (
    <SelectField
      id={id}
      label="Variety"
      value={value}
      options={VARIETY_OPTIONS}
      onValueChange={onChange}
      describedBy={cost === null ? [] : [`${id}-cost`]}
    >
      {cost === null ? null : (
        <p id={`${id}-cost`} className="text-muted-foreground text-sm">
          {cost}
        </p>
      )}
    </SelectField>
  );
}
