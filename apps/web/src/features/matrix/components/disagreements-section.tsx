import { LoadError } from '@/components/ui/load-error';
import type { Disagreement } from '@/entities/analysis/api/assessment-types';
import { useDisagreements } from '@/entities/analysis/api/list-disagreements';
import { IdeaLink } from '@/entities/idea/components/idea-link';

function DisagreementList({
  brainstormId,
  title,
  items,
}: {
  brainstormId: number;
  title: string;
  items: Disagreement[];
}) {
  return (
    <div className="grid content-start gap-2">
      <h3 className="font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">None.</p>
      ) : (
        <ul className="grid gap-1.5 text-sm">
          {items.map((item) => (
            <li key={item.idea} className="grid gap-0.5">
              <IdeaLink brainstormId={brainstormId} ideaId={item.idea}>
                {item.title}
              </IdeaLink>
              <span className="text-muted-foreground">
                Model's impact {item.impact} · Team votes {item.votes}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** 'Where the model and the team disagree': the ideas each side rates far above the other. */
export function DisagreementsSection({ brainstormId }: { brainstormId: number }) {
  const disagreements = useDisagreements(brainstormId);
  let body;
  if (disagreements.isError) {
    body = (
      <LoadError
        message="Error loading the disagreements"
        retrying={disagreements.isFetching}
        onRetry={() => void disagreements.refetch()}
      />
    );
  } else if (!disagreements.data) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading...
      </p>
    );
  } else {
    body = (
      <div className="grid gap-4 sm:grid-cols-2">
        <DisagreementList
          brainstormId={brainstormId}
          title="The model rates higher than the team"
          items={disagreements.data.model_favours}
        />
        <DisagreementList
          brainstormId={brainstormId}
          title="The team rates higher than the model"
          items={disagreements.data.team_favours}
        />
      </div>
    );
  }
  return (
    <section aria-labelledby="disagreements-heading" className="grid gap-3">
      <h2 id="disagreements-heading" className="text-lg font-semibold">
        Where the model and the team disagree
      </h2>
      {body}
    </section>
  );
}
