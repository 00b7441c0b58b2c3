import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { useUpdateBrainstorm } from '../api/update-brainstorm';
import type { Brainstorm } from '../api/types';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import { FieldMessage } from '@/components/ui/field-message';
import { useProject } from '@/entities/project/api/get-project';
import {
  NO_PROJECT,
  ProjectSelect,
  projectOfValue,
  projectValue,
} from '@/entities/project/components/project-select';

interface BrainstormEditFormProps {
  brainstorm: Brainstorm;
  onDone: () => void;
}

export function BrainstormEditForm({ brainstorm, onDone }: BrainstormEditFormProps) {
  const update = useUpdateBrainstorm();
  const [title, setTitle] = useState(brainstorm.title);
  const [description, setDescription] = useState(brainstorm.description);
  const [blindReview, setBlindReview] = useState(brainstorm.blind_review);
  const [project, setProject] = useState(projectValue(brainstorm.project));
  const currentProject = useProject(brainstorm.project);
  const errors = fieldErrorsOf(update.error);

  const submit = useGuardedSubmit<SubmitEvent<HTMLFormElement>>(() =>
    update.mutateAsync(
      {
        id: brainstorm.id,
        title,
        description,
        // Only when changed here: a teammate's change of it meanwhile is not undone.
        ...(blindReview !== brainstorm.blind_review && { blind_review: blindReview }),
        ...(project !== projectValue(brainstorm.project) && { project: projectOfValue(project) }),
      },
      { onSuccess: onDone },
    ),
  );

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Edit brainstorm">
      <fieldset className="grid gap-4" disabled={update.isPending}>
        <div className="grid gap-2">
          <Label htmlFor="brainstorm-title">Title</Label>
          <Input
            id="brainstorm-title"
            autoFocus
            value={title}
            maxLength={200}
            aria-invalid={errors?.title ? true : undefined}
            aria-describedby={errors?.title ? 'brainstorm-title-error' : undefined}
            onChange={(event) => {
              setTitle(event.target.value);
            }}
          />
          <FieldMessage id="brainstorm-title-error" messages={errors?.title} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="brainstorm-description">Description</Label>
          <Textarea
            id="brainstorm-description"
            value={description}
            maxLength={5000}
            aria-invalid={errors?.description ? true : undefined}
            aria-describedby={errors?.description ? 'brainstorm-description-error' : undefined}
            onChange={(event) => {
              setDescription(event.target.value);
            }}
          />
          <FieldMessage id="brainstorm-description-error" messages={errors?.description} />
        </div>
        <ProjectSelect
          id="brainstorm-project"
          value={project}
          leading={NO_PROJECT}
          current={currentProject.data ?? null}
          onChange={setProject}
          errors={errors?.project}
        />
        <div className="grid gap-2">
          <div className="flex items-center gap-2">
            <input
              id="brainstorm-blind-review"
              type="checkbox"
              className="size-4 accent-primary"
              checked={blindReview}
              aria-invalid={errors?.blind_review ? true : undefined}
              aria-describedby={
                errors?.blind_review
                  ? 'brainstorm-blind-review-hint brainstorm-blind-review-error'
                  : 'brainstorm-blind-review-hint'
              }
              onChange={(event) => {
                setBlindReview(event.target.checked);
              }}
            />
            <Label htmlFor="brainstorm-blind-review">Blind review</Label>
          </div>
          <p id="brainstorm-blind-review-hint" className="text-sm text-muted-foreground">
            Each member sees an idea&apos;s votes, reactions and comments only after reviewing it.
          </p>
          <FieldMessage id="brainstorm-blind-review-error" messages={errors?.blind_review} />
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" variant="outline" disabled={update.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
