import { Check } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmGroup } from '@/components/ui/confirm-group';
import type { Analysis, ResultOf } from '@/entities/analysis/api/types';
import { refusalText } from '@/entities/analysis/lib/refusal-text';
import type { ServerIdea } from '@/entities/idea/api/types';
import { formatDateTime } from '@/lib/format-date-time';
import { cn } from '@/lib/utils';
import { useApplyProposal } from '../api/apply-proposal';
import { ideaTitle } from '../lib/idea-titles';
import { closedOnPhone, PhoneDisclosure } from './phone-disclosure';

interface ThemeProposalProps {
  analysis: Analysis;
  result: ResultOf<'themes'>;
  ideas: ReadonlyMap<number, ServerIdea>;
  /** How many themes the brainstorm has now: applying replaces them. */
  currentThemes: number;
  /** Called once the proposal's themes are the brainstorm's (focus moves to them). */
  onApplied: () => void;
}

function IdeaTitles({ ids, ideas }: { ids: number[]; ideas: ReadonlyMap<number, ServerIdea> }) {
  return (
    <ul className="grid list-disc gap-0.5 pl-5 text-sm">
      {ids.map((id) => (
        <li key={id}>{ideaTitle(ideas, id)}</li>
      ))}
    </ul>
  );
}

interface ProposedGroupProps {
  name: string;
  /** The heading's text: the name, or 'Unsorted (3)'. */
  heading: ReactNode;
  description?: string;
  ids: number[];
  ideas: ReadonlyMap<number, ServerIdea>;
  className: string;
}

/** A proposed theme (or the unsorted ideas): at a phone's width, its heading until opened. */
function ProposedGroup({ name, heading, description, ids, ideas, className }: ProposedGroupProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <div className={className}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold">{heading}</h3>
        <PhoneDisclosure open={open} onOpenChange={setOpen} controls={bodyId} name={name} />
      </div>
      <div id={bodyId} className={cn('grid gap-2', !open && closedOnPhone)}>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        <IdeaTitles ids={ids} ideas={ideas} />
      </div>
    </div>
  );
}

/** The last 'Find themes' run's proposal: its themes as cards, the unsorted ideas, and Apply. */
export function ThemeProposal({
  analysis,
  result,
  ideas,
  currentThemes,
  onApplied,
}: ThemeProposalProps) {
  const apply = useApplyProposal();
  const [confirming, setConfirming] = useState(false);
  const doApply = () => {
    apply.mutate(analysis.id, {
      onSuccess: () => {
        setConfirming(false);
        onApplied();
      },
    });
  };
  const themes = currentThemes === 1 ? 'theme' : 'themes';
  return (
    <section aria-labelledby="theme-proposal-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="theme-proposal-heading" className="text-lg font-semibold">
          Proposed themes
        </h2>
        <p className="text-sm text-muted-foreground">
          {analysis.method === 'keywords'
            ? 'Grouped by shared words, without a language model.'
            : `Proposed by ${analysis.model}.`}{' '}
          Nothing changes until someone applies them.
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {result.themes.map((theme) => (
          <li key={theme.name}>
            <ProposedGroup
              name={theme.name}
              heading={
                <>
                  {theme.name}{' '}
                  <span className="text-sm font-normal text-muted-foreground">
                    ({theme.ideas.length})
                  </span>
                </>
              }
              description={theme.description}
              ids={theme.ideas}
              ideas={ideas}
              className="grid h-full content-start gap-2 rounded-lg border p-4"
            />
          </li>
        ))}
      </ul>
      {result.unsorted.length > 0 ? (
        <ProposedGroup
          name="Unsorted"
          heading={`Unsorted (${String(result.unsorted.length)})`}
          ids={result.unsorted}
          ideas={ideas}
          className="grid gap-2 rounded-lg border border-dashed p-4"
        />
      ) : null}
      {analysis.applied ? (
        <p role="status" className="text-sm text-muted-foreground">
          Applied {formatDateTime(analysis.applied)}.
        </p>
      ) : confirming ? (
        <div className="grid gap-2">
          <p className="text-sm">
            This replaces the {currentThemes} current {themes}.
          </p>
          <ConfirmGroup
            key="confirm-apply"
            label="Apply these themes?"
            pending={apply.isPending}
            pendingText="Applying..."
            onCancel={() => {
              setConfirming(false);
            }}
            onConfirm={doApply}
          />
        </div>
      ) : (
        <div>
          <Button
            key="apply"
            disabled={apply.isPending}
            onClick={() => {
              if (currentThemes > 0) setConfirming(true);
              else doApply();
            }}
          >
            <Check aria-hidden="true" />
            {apply.isPending ? 'Applying...' : 'Apply these themes'}
          </Button>
        </div>
      )}
      {apply.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {refusalText(apply.error, 'The themes could not be applied. Please try again.')}
        </p>
      ) : null}
    </section>
  );
}
