import { useIdeaAssessments } from '@/entities/analysis/api/list-idea-assessments';
import { formatDateTime } from '@/lib/format-date-time';

/**
 * The model's scores for the idea, apart from the team's votes: the newest with its reasons
 * and the model's name, then how earlier runs scored it.
 */
export function ModelView({ ideaId }: { ideaId: number }) {
  const assessments = useIdeaAssessments(ideaId);
  if (assessments.isError) {
    return <p className="text-sm text-muted-foreground">The model's scores could not be loaded.</p>;
  }
  const [newest, ...earlier] = assessments.data ?? [];
  if (!newest) {
    return assessments.isPending ? null : (
      <p className="text-sm text-muted-foreground">No model has assessed this idea yet.</p>
    );
  }
  return (
    <div className="grid gap-2 rounded-lg border border-dashed p-4">
      <h3 className="font-semibold">Model's view: {newest.model}</h3>
      <dl className="grid gap-1 text-sm sm:grid-cols-[6rem_1fr]">
        <dt className="font-medium">Impact {newest.impact}</dt>
        <dd className="text-muted-foreground">{newest.reasons.impact}</dd>
        <dt className="font-medium">Effort {newest.effort}</dt>
        <dd className="text-muted-foreground">{newest.reasons.effort}</dd>
        <dt className="font-medium">Novelty {newest.novelty}</dt>
        <dd className="text-muted-foreground">{newest.reasons.novelty}</dd>
      </dl>
      {earlier.length > 0 ? (
        <ul className="grid gap-0.5 text-xs text-muted-foreground">
          {earlier.map((assessment) => (
            <li key={`${String(assessment.analysis)}-${assessment.created}`}>
              {formatDateTime(assessment.created)}, {assessment.model}: impact {assessment.impact},
              effort {assessment.effort}, novelty {assessment.novelty}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
