import { X } from 'lucide-react';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { useBrainstormTitle } from '../api/get-brainstorm-title';
import { useProjects } from '../api/list-projects';
import type { InsightsFilters as Filters } from '../lib/insight-filters';

const ALL = 'all';

const PERIODS: SelectOption<string>[] = [
  { value: 'all', label: 'All time' },
  { value: '30d', label: 'Last 30 days' },
  { value: '7d', label: 'Last 7 days' },
];

interface InsightsFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
}

/** The brainstorm a page came from, as a chip that removes it. */
function BrainstormChip({ id, onRemove }: { id: number; onRemove: () => void }) {
  const title = useBrainstormTitle(id).data ?? `Brainstorm ${id}`;
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium">Brainstorm</span>
      <span className="inline-flex h-9 max-w-full items-center gap-1 rounded-md border bg-secondary py-1 pr-1 pl-3 text-sm">
        <span className="truncate">{title}</span>
        <button
          type="button"
          aria-label={`Remove the brainstorm filter ${title}`}
          className="rounded-sm p-1 hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          onClick={onRemove}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </span>
    </div>
  );
}

/** The project, the period and (coming from a brainstorm) the brainstorm the figures cover. */
export function InsightsFilters({ filters, onChange }: InsightsFiltersProps) {
  const projects = useProjects().data ?? [];
  const projectOptions: SelectOption<string>[] = [
    { value: ALL, label: 'All projects' },
    ...projects.map((project) => ({ value: String(project.id), label: project.name })),
  ];
  // A project the first page of projects leaves out still shows as chosen.
  if (filters.project !== undefined && !projects.some((p) => p.id === filters.project)) {
    projectOptions.push({ value: String(filters.project), label: `Project ${filters.project}` });
  }
  const since = filters.since ?? 'all';
  const periods = PERIODS.some((p) => p.value === since)
    ? PERIODS
    : [...PERIODS, { value: since, label: `Since ${since}` }];

  return (
    <div className="flex flex-wrap items-end gap-4">
      <SelectField
        label="Project"
        className="w-full sm:w-56"
        value={filters.project === undefined ? ALL : String(filters.project)}
        options={projectOptions}
        onValueChange={(value) => {
          onChange({ ...filters, project: value === ALL ? undefined : Number(value) });
        }}
      />
      <SelectField
        label="Period"
        className="w-full sm:w-44"
        value={since}
        options={periods}
        onValueChange={(value) => {
          onChange({ ...filters, since: value === 'all' ? undefined : value });
        }}
      />
      {filters.brainstorm === undefined ? null : (
        <BrainstormChip
          id={filters.brainstorm}
          onRemove={() => {
            onChange({ ...filters, brainstorm: undefined });
          }}
        />
      )}
    </div>
  );
}
