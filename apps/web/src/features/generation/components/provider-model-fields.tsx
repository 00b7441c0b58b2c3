import { useId } from 'react';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { LlmProvider } from '../api/types';

export interface ProviderChoice {
  provider: string;
  model: string;
}

interface ProviderModelFieldsProps {
  providers: LlmProvider[];
  value: ProviderChoice;
  onChange: (choice: ProviderChoice) => void;
  loading: boolean;
}

/** The Provider and Model selects; a new provider starts on its first model. */
export function ProviderModelFields({
  providers,
  value,
  onChange,
  loading,
}: ProviderModelFieldsProps) {
  const id = useId();
  const models = providers.find((p) => p.provider === value.provider)?.models ?? [];
  return (
    <>
      <div className="grid w-full gap-2 sm:w-56">
        <Label htmlFor={`${id}-provider`}>Provider</Label>
        <Select
          value={value.provider}
          disabled={providers.length === 0}
          onValueChange={(provider) => {
            const models = providers.find((p) => p.provider === provider)?.models ?? [];
            onChange({ provider, model: models[0] ?? '' });
          }}
        >
          <SelectTrigger id={`${id}-provider`} className="w-full">
            <SelectValue placeholder={loading ? 'Loading providers...' : 'No providers'} />
          </SelectTrigger>
          <SelectContent>
            {providers.map((p) => (
              <SelectItem key={p.provider} value={p.provider}>
                {p.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid w-full gap-2 sm:w-56">
        <Label htmlFor={`${id}-model`}>Model</Label>
        <Select
          value={value.model}
          disabled={!value.provider}
          onValueChange={(model) => {
            onChange({ ...value, model });
          }}
        >
          <SelectTrigger id={`${id}-model`} className="w-full">
            <SelectValue placeholder="Choose a provider first" />
          </SelectTrigger>
          <SelectContent>
            {models.map((model) => (
              <SelectItem key={model} value={model}>
                {model}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </>
  );
}
