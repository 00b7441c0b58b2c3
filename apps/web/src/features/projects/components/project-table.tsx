import { Link } from '@tanstack/react-router';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import type { Project } from '@/entities/project/api/types';
import { formatDateTime } from '@/lib/format-date-time';
import { relativeTime } from '@/lib/relative-time';
import { ProjectActions } from './project-actions';

const columns: ResponsiveColumn<Project>[] = [
  {
    header: 'Name',
    kind: 'title',
    className: 'max-w-sm break-words whitespace-normal',
    cell: (project) => (
      <>
        <Link
          to="/projects/$projectId"
          params={{ projectId: project.id }}
          className="rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {project.name}
        </Link>
        {project.description ? (
          <p className="text-sm text-muted-foreground">{project.description}</p>
        ) : null}
      </>
    ),
  },
  {
    header: 'Brainstorms',
    className: 'text-right tabular-nums',
    cell: (project) => project.brainstorms_count,
  },
  {
    header: 'Last activity',
    className: 'whitespace-nowrap',
    cell: (project) => (
      <time dateTime={project.last_activity} title={formatDateTime(project.last_activity)}>
        {relativeTime(project.last_activity)}
      </time>
    ),
  },
  {
    header: 'Actions',
    kind: 'actions',
    cell: (project) => <ProjectActions project={project} />,
  },
];

export function ProjectTable({ projects }: { projects: Project[] }) {
  return <ResponsiveTable columns={columns} rows={projects} rowKey={(project) => project.id} />;
}
