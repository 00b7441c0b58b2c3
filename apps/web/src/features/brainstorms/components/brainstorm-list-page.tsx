import { useNavigate } from '@tanstack/react-router';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { ProjectSelect } from '@/entities/project/components/project-select';
import {
  projectFilterOf,
  projectFilterValue,
  type ProjectFilter,
} from '@/entities/project/lib/project-filter';
import type { Paging } from '@/lib/paging';
import { BrainstormListCard } from './brainstorm-list-card';
import { CreateBrainstormForm } from './create-brainstorm-form';

interface BrainstormListPageProps extends Paging {
  onPagingChange: (paging: Paging) => void;
  project?: ProjectFilter;
  onProjectChange?: (project: ProjectFilter) => void;
}

const FILTER_CHOICES = [
  { value: 'all', label: 'All projects' },
  { value: 'none', label: 'No project' },
];

export function BrainstormListPage({
  page,
  pageSize,
  onPagingChange,
  project = null,
  onProjectChange,
}: BrainstormListPageProps) {
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();

  return (
    <>
      <PageHeader
        title="Brainstorms"
        actions={
          <Button
            variant={creating ? 'outline' : 'default'}
            aria-expanded={creating}
            aria-controls="create-brainstorm"
            onClick={() => {
              setCreating((open) => !open);
            }}
          >
            {creating ? <X aria-hidden="true" /> : <Plus aria-hidden="true" />}
            {creating ? 'Cancel' : 'Create New'}
          </Button>
        }
      />
      {creating ? (
        <section id="create-brainstorm" aria-label="Create New Brainstorm">
          <CreateBrainstormForm
            project={typeof project === 'number' ? project : null}
            onCreated={(brainstorm) => {
              setCreating(false);
              void navigate({
                to: '/brainstorms/$brainstormId',
                params: { brainstormId: brainstorm.id },
              });
            }}
          />
        </section>
      ) : null}
      <BrainstormListCard
        page={page}
        pageSize={pageSize}
        onPagingChange={onPagingChange}
        project={project ?? undefined}
        filters={
          onProjectChange ? (
            <ProjectSelect
              id="brainstorm-project-filter"
              className="sm:max-w-sm"
              value={projectFilterValue(project)}
              leading={FILTER_CHOICES}
              onChange={(value) => {
                onProjectChange(projectFilterOf(value));
              }}
            />
          ) : undefined
        }
      />
    </>
  );
}
