import { SelectField } from '@/components/ui/select-field';
import { useThemes } from '../api/list-themes';
import type { ThemeFilter } from '../api/types';

interface ThemeFilterSelectProps {
  brainstormId: number;
  value: ThemeFilter;
  onChange: (filter: ThemeFilter) => void;
}

const ALL = 'all';
const UNSORTED = 'none';

/**
 * The ideas lists' optional 'Theme' select: All themes, each theme, or Unsorted. Shown only
 * once the brainstorm has themes (and while one is chosen, so it can be undone).
 */
export function ThemeFilterSelect({ brainstormId, value, onChange }: ThemeFilterSelectProps) {
  const themes = useThemes(brainstormId).data ?? [];
  if (themes.length === 0 && value === null) return null;
  const options = [
    { value: ALL, label: 'All themes' },
    ...themes.map((theme) => ({ value: String(theme.id), label: theme.name })),
    { value: UNSORTED, label: 'Unsorted' },
  ];
  return (
    <SelectField
      label="Theme"
      className="w-full sm:w-56"
      value={value === null ? ALL : String(value)}
      options={options}
      onValueChange={(chosen) => {
        onChange(chosen === ALL ? null : chosen === UNSORTED ? 'none' : Number(chosen));
      }}
    />
  );
}
