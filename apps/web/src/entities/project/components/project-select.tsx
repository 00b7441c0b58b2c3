import { FieldMessage } from '@/components/ui/field-message';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { useProjectList } from '../api/list-projects';

interface ProjectSelectProps {
  id: string;
  label?: string;
  /** 'none', 'all' or a project's id as text. */
  value: string;
  onChange: (value: string) => void;
  /** The choices before the projects: 'No project', 'All projects'. */
  leading: SelectOption<string>[];
  /** A project offered even when archived: the one the brainstorm is in now. */
  current?: { id: number; name: string } | null;
  /** A project not offered: the one being deleted. */
  exclude?: number;
  disabled?: boolean;
  errors?: string[] | undefined;
  className?: string;
}

/** The active projects to choose from, after the `leading` choices. */
export function ProjectSelect({
  id,
  label = 'Project',
  value,
  onChange,
  leading,
  current,
  exclude,
  disabled,
  errors,
  className,
}: ProjectSelectProps) {
  const projects = useProjectList('active');
  const active = (projects.data?.results ?? []).filter((project) => project.id !== exclude);
  const options = [
    ...leading,
    ...active.map((project) => ({ value: String(project.id), label: project.name })),
  ];
  if (current && !active.some((project) => project.id === current.id)) {
    options.push({ value: String(current.id), label: current.name });
  }
  // Until the list arrives, a chosen project shows by its number rather than as nothing.
  if (value !== '' && !options.some((option) => option.value === value)) {
    options.push({ value, label: `Project ${value}` });
  }
  return (
    <SelectField
      id={id}
      label={label}
      className={className}
      triggerClassName="sm:max-w-sm"
      value={value}
      placeholder="Choose a project"
      options={options}
      onValueChange={onChange}
      disabled={disabled}
      invalid={Boolean(errors)}
      describedBy={errors ? [`${id}-error`] : []}
    >
      <FieldMessage id={`${id}-error`} messages={errors} />
    </SelectField>
  );
}

/** The select's value for a brainstorm's project. */
export const projectValue = (project: number | null) =>
  project === null ? 'none' : String(project);

/** The project a select's value names, or null for none. */
export const projectOfValue = (value: string) => (value === 'none' ? null : Number(value));

/** The choice of no project, for a brainstorm's form. */
export const NO_PROJECT = [{ value: 'none', label: 'No project' }];
