import type { Brainstorm } from '../api/types';
import { formatDateTime } from '@/lib/format-date-time';

const TYPE_NAMES: Record<string, string> = { bad_idea_contest: 'Bad Idea Contest' };

function typeName(brainstorm: Brainstorm, type: string) {
  if (type === brainstorm.type && brainstorm.type_display) return brainstorm.type_display;
  return TYPE_NAMES[type] ?? type;
}

function themesText(themes: unknown) {
  if (Array.isArray(themes)) return themes.map(String).join(', ');
  return typeof themes === 'string' ? themes : '';
}

/** Type, Problem and Themes appear only when the brainstorm's parameters carry them. */
export function BrainstormFacts({ brainstorm }: { brainstorm: Brainstorm }) {
  // The API promises all three; older brainstorms may lack some, so read them defensively.
  const parameters = brainstorm.parameters as Partial<Brainstorm['parameters']>;
  const themes = themesText(parameters.themes);
  const facts = [
    parameters.type ? { term: 'Type', detail: typeName(brainstorm, parameters.type) } : null,
    parameters.problem ? { term: 'Problem', detail: parameters.problem } : null,
    themes ? { term: 'Themes', detail: themes } : null,
    { term: 'Created', detail: formatDateTime(brainstorm.created) },
  ].filter((fact) => fact !== null);

  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
      {facts.map((fact) => (
        <div key={fact.term} className="grid gap-1 sm:col-span-2 sm:grid-cols-subgrid sm:gap-x-6">
          <dt className="font-medium text-muted-foreground">{fact.term}</dt>
          <dd className="break-words whitespace-pre-line">{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
