import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldMessage } from '@/components/ui/field-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import { useCreateProject } from '../api/create-project';

export function CreateProjectForm() {
  const create = useCreateProject();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  const errors = fieldErrorsOf(create.error);
  const nameErrors = nameMissing ? ['Name is required'] : errors?.name;

  const submit = useGuardedSubmit<SubmitEvent<HTMLFormElement>>(async () => {
    if (name.trim() === '') {
      setNameMissing(true);
      return;
    }
    await create.mutateAsync(
      { name, description },
      {
        onSuccess: () => {
          setName('');
          setDescription('');
          create.reset();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={submit} aria-label="New project" className="grid gap-4">
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={create.isPending}>
        <div className="grid content-start gap-2">
          <Label htmlFor="project-name">Name *</Label>
          <Input
            id="project-name"
            value={name}
            maxLength={200}
            required
            aria-invalid={nameErrors ? true : undefined}
            aria-describedby={nameErrors ? 'project-name-error' : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setNameMissing(false);
            }}
          />
          <FieldMessage id="project-name-error" messages={nameErrors} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor="project-description">Description</Label>
          <Textarea
            id="project-description"
            value={description}
            maxLength={5000}
            rows={2}
            aria-invalid={errors?.description ? true : undefined}
            aria-describedby={errors?.description ? 'project-description-error' : undefined}
            onChange={(event) => {
              setDescription(event.target.value);
            }}
          />
          <FieldMessage id="project-description-error" messages={errors?.description} />
        </div>
      </fieldset>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Project'}
        </Button>
      </div>
    </form>
  );
}
