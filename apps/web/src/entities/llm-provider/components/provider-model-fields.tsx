import { SelectField } from '@/components/ui/select-field';
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
  const models = providers.find((p) => p.provider === value.provider)?.models ?? [];
  return (
    <>
      <SelectField
        label="Provider"
        className="w-full sm:w-56"
        value={value.provider}
        options={providers.map((p) => ({ value: p.provider, label: p.name }))}
        disabled={providers.length === 0}
        placeholder={loading ? 'Loading providers...' : 'No providers'}
        onValueChange={(provider) => {
          const models = providers.find((p) => p.provider === provider)?.models ?? [];
          onChange({ provider, model: models[0] ?? '' });
        }}
      />
      <SelectField
        label="Model"
        className="w-full sm:w-56"
        value={value.model}
        options={models.map((model) => ({ value: model, label: model }))}
        disabled={!value.provider}
        placeholder="Choose a provider first"
        onValueChange={(model) => {
          onChange({ ...value, model });
        }}
      />
    </>
  );
}
