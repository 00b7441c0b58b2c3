import { useState, type SubmitEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { useCreateBrainstorm } from '../api/create-brainstorm';
import {
  DEFAULT_BRAINSTORM_TYPE,
  FALLBACK_BRAINSTORM_TYPES,
  useBrainstormTypes,
} from '../api/get-brainstorm-types';
import type { Brainstorm } from '../api/types';
import { fieldErrorsOf, type FieldErrors } from '@/lib/api/field-errors';
import { createPayload, TITLE_MAX_LENGTH, titleFromProblem } from '../lib/create-payload';
import { BrainstormTypeField } from './brainstorm-type-field';
import { FieldMessage } from '@/components/ui/field-message';
import {
  NO_PROJECT,
  ProjectSelect,
  projectOfValue,
  projectValue,
} from '@/entities/project/components/project-select';

const PROBLEM_FIELDS = ['parameters.problem', 'parameters'];
const THEME_FIELDS = ['parameters.themes'];
const TYPE_FIELDS = ['type', 'parameters.type'];
const TITLE_FIELDS = ['title'];
const PROJECT_FIELDS = ['project'];
const SHOWN_BY_FIELDS = new Set([
  ...PROJECT_FIELDS,
  ...PROBLEM_FIELDS,
  ...THEME_FIELDS,
  ...TYPE_FIELDS,
  ...TITLE_FIELDS,
]);

function pick(errors: FieldErrors | null, fields: string[]) {
  const messages = fields.flatMap((field) => errors?.[field] ?? []);
  return messages.length > 0 ? messages : undefined;
}

function otherMessages(errors: FieldErrors | null) {
  return Object.entries(errors ?? {})
    .filter(([field]) => !SHOWN_BY_FIELDS.has(field))
    .flatMap(([field, messages]) =>
      messages.map((message) => (field === 'detail' ? message : `${field}: ${message}`)),
    );
}

interface CreateBrainstormFormProps {
  onCreated: (brainstorm: Brainstorm) => void;
  /** The project chosen at first: the one whose page the form is on. */
  project?: number | null;
}

export function CreateBrainstormForm({ onCreated, project = null }: CreateBrainstormFormProps) {
  const types = useBrainstormTypes();
  const create = useCreateBrainstorm();
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState('');
  const [themes, setThemes] = useState('');
  // null until the user picks one: then the first type the server lists is the default.
  const [chosenType, setChosenType] = useState<string | null>(null);
  const [projectChoice, setProjectChoice] = useState(projectValue(project));
  const [problemMissing, setProblemMissing] = useState(false);

  const options = types.data?.length ? types.data : FALLBACK_BRAINSTORM_TYPES;
  const type = chosenType ?? options[0]?.value ?? DEFAULT_BRAINSTORM_TYPE;
  const serverErrors = fieldErrorsOf(create.error);
  const problemErrors = problemMissing
    ? ['Problem is required']
    : pick(serverErrors, PROBLEM_FIELDS);
  const themeErrors = pick(serverErrors, THEME_FIELDS);
  const titleErrors = pick(serverErrors, TITLE_FIELDS);
  const formErrors = otherMessages(serverErrors);

  const reset = () => {
    setTitle('');
    setProblem('');
    setThemes('');
    setChosenType(null);
    setProjectChoice(projectValue(project));
    setProblemMissing(false);
    create.reset();
  };

  const submit = useGuardedSubmit<SubmitEvent<HTMLFormElement>>(async () => {
    if (problem.trim() === '') {
      setProblemMissing(true);
      return;
    }
    // Callbacks given here run only while the form is still shown, as with mutate().
    await create.mutateAsync(
      createPayload({ title, problem, themes, type, project: projectOfValue(projectChoice) }),
      {
        onSuccess: (brainstorm) => {
          reset();
          onCreated(brainstorm);
        },
      },
    );
  });

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="text-lg">Create New Brainstorm</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <form noValidate onSubmit={submit} className="grid gap-6">
          <fieldset className="grid gap-4" disabled={create.isPending}>
            <legend className="mb-2 text-sm font-semibold text-muted-foreground">
              Problem Information
            </legend>
            <div className="grid gap-2">
              <Label htmlFor="brainstorm-problem">Problem *</Label>
              <Textarea
                id="brainstorm-problem"
                autoFocus
                value={problem}
                required
                aria-invalid={problemErrors ? true : undefined}
                aria-describedby={problemErrors ? 'brainstorm-problem-error' : undefined}
                onChange={(event) => {
                  setProblem(event.target.value);
                  setProblemMissing(false);
                }}
              />
              <FieldMessage id="brainstorm-problem-error" messages={problemErrors} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="brainstorm-themes">Themes</Label>
              <Input
                id="brainstorm-themes"
                value={themes}
                placeholder="theme1, theme2, theme3"
                aria-invalid={themeErrors ? true : undefined}
                aria-describedby={themeErrors ? 'brainstorm-themes-error' : undefined}
                onChange={(event) => {
                  setThemes(event.target.value);
                }}
              />
              <FieldMessage id="brainstorm-themes-error" messages={themeErrors} />
            </div>
            <ProjectSelect
              id="brainstorm-project"
              value={projectChoice}
              leading={NO_PROJECT}
              onChange={setProjectChoice}
              disabled={create.isPending}
              errors={pick(serverErrors, PROJECT_FIELDS)}
            />
            <BrainstormTypeField
              options={options}
              value={type}
              onChange={setChosenType}
              disabled={create.isPending}
              errors={pick(serverErrors, TYPE_FIELDS)}
            />
            <div className="grid gap-2">
              <Label htmlFor="brainstorm-title">Title</Label>
              <Input
                id="brainstorm-title"
                value={title}
                maxLength={TITLE_MAX_LENGTH}
                placeholder={titleFromProblem(problem) || 'A short name for this brainstorm'}
                aria-invalid={titleErrors ? true : undefined}
                aria-describedby={
                  titleErrors
                    ? 'brainstorm-title-hint brainstorm-title-error'
                    : 'brainstorm-title-hint'
                }
                onChange={(event) => {
                  setTitle(event.target.value);
                }}
              />
              <p id="brainstorm-title-hint" className="text-sm text-muted-foreground">
                Optional. Without one, the title is made from the problem.
              </p>
              <FieldMessage id="brainstorm-title-error" messages={titleErrors} />
            </div>
          </fieldset>
          {formErrors.length > 0 ? (
            <Alert variant="destructive">
              <AlertDescription>
                {formErrors.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </AlertDescription>
            </Alert>
          ) : null}
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Brainstorm'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
