import { Play } from 'lucide-react';
import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { useLlmProviders } from '@/entities/llm-provider/api/get-llm-providers';
import {
  ProviderModelFields,
  type ProviderChoice,
} from '@/entities/llm-provider/components/provider-model-fields';
import type { LlmProvider } from '@/entities/llm-provider/api/types';
import { AddProviderHint } from '@/entities/llm-provider/components/add-provider-hint';
import { usePlan } from '../api/plan-analysis';
import { useStartAnalysis } from '../api/start-analysis';
import type { Analysis, AnalysisKind, AnalysisOptions, AnalysisRequest } from '../api/types';
import { isFinished } from '../lib/analysis-status';
import { capableProviders, noProviderText } from '../lib/analysis-needs';
import { planText } from '../lib/plan-text';
import { fieldMessages, refusalText } from '../lib/refusal-text';
import { AnalysisProgress } from './analysis-progress';

interface AnalysisLauncherProps {
  brainstormId: number;
  kind: AnalysisKind;
  /** The Start button's words: 'Find themes', 'Assess ideas'. */
  startLabel: string;
  /** The chosen ideas, or how many to rank. */
  options?: AnalysisOptions;
  /** False while the options are not complete (fewer than two ideas picked): no plan is asked. */
  ready?: boolean;
  /** The run on show: its progress while under way, or why it failed. */
  analysis: Analysis | null;
  onStarted?: (analysis: Analysis) => void;
  /** The kind's own fields (how many ideas to rank), shown before the provider. */
  children?: ReactNode;
}

/** The first capable provider with its default model, until the user chooses. */
function firstChoice(providers: readonly LlmProvider[]): ProviderChoice {
  const first = providers[0];
  if (!first) return { provider: '', model: '' };
  const model = first.models.includes(first.default_model)
    ? first.default_model
    : (first.models[0] ?? '');
  return { provider: first.provider, model };
}

/**
 * Starts a sense-making run: a provider and model among those that can run it, what it will
 * cost at most (shown before it starts), Start, then its progress or why it failed. Every
 * refusal is shown in the server's words.
 */
export function AnalysisLauncher({
  brainstormId,
  kind,
  startLabel,
  options,
  ready = true,
  analysis,
  onStarted,
  children,
}: AnalysisLauncherProps) {
  const planId = useId();
  const providers = useLlmProviders();
  const capable = capableProviders(providers.data ?? [], kind);
  const [chosen, setChosen] = useState<ProviderChoice | null>(null);
  const choice = chosen ?? firstChoice(capable);
  const request: AnalysisRequest = { kind, ...choice, ...options };
  const chosenFully = choice.provider !== '' && choice.model !== '';
  const plan = usePlan({ brainstormId, request }, ready && chosenFully);
  const start = useStartAnalysis();
  const underWay = analysis !== null && !isFinished(analysis.status);
  // A plan kept from other options is not this request's: it shows only while it applies.
  const answer = ready && chosenFully ? plan.data : undefined;
  const planned = answer?.plan ?? null;
  const planErrors = answer?.errors ? fieldMessages(answer.errors) : [];

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!planned || start.isPending || underWay) return;
    start.mutate(
      { brainstormId, request },
      {
        onSuccess: (started) => {
          onStarted?.(started);
        },
      },
    );
  };

  if (providers.isError) {
    return (
      <LoadError
        message="Error loading LLM providers"
        retrying={providers.isFetching}
        onRetry={() => void providers.refetch()}
      />
    );
  }
  if (providers.isSuccess && capable.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {noProviderText(kind)} <AddProviderHint />
      </p>
    );
  }

  return (
    <div className="grid gap-3">
      <form
        noValidate
        aria-label={startLabel}
        className="flex flex-wrap items-end gap-3"
        onSubmit={submit}
      >
        {children}
        <ProviderModelFields
          providers={capable}
          value={choice}
          onChange={(next) => {
            start.reset();
            setChosen(next);
          }}
          loading={providers.isPending}
        />
        <Button
          type="submit"
          className="w-full sm:w-auto"
          aria-describedby={planId}
          disabled={!planned || start.isPending || underWay}
        >
          <Play aria-hidden="true" />
          {start.isPending ? 'Starting...' : startLabel}
        </Button>
      </form>
      <div id={planId} className="grid gap-1 text-sm" aria-live="polite">
        {planned ? <p className="text-muted-foreground">{planText(planned)}</p> : null}
        {plan.isFetching && !planned && ready && chosenFully ? (
          <p className="text-muted-foreground">Working out the cost...</p>
        ) : null}
      </div>
      {planErrors.length > 0 ? (
        <p role="alert" className="text-sm text-destructive">
          {planErrors.join(' ')}
        </p>
      ) : null}
      {plan.isError ? (
        <LoadError
          message="Error working out what the run would cost"
          retrying={plan.isFetching}
          onRetry={() => void plan.refetch()}
        />
      ) : null}
      {start.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {refusalText(start.error)}
        </p>
      ) : null}
      {analysis ? <AnalysisProgress analysis={analysis} /> : null}
    </div>
  );
}
