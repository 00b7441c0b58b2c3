import { useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FieldMessage } from '@/components/ui/field-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { brainstormKeys } from '@/entities/brainstorm/api/brainstorm-keys';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { rememberGenerationChoice } from '@/entities/idea/lib/generation-choice';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { useGenerateIdeas } from '../api/generate-ideas';
import { useLatestGeneration } from '../api/get-latest-generation';
import { isFinished } from '../api/get-generation';
import { useLlmProviders } from '@/entities/llm-provider/api/get-llm-providers';
import { useIdeaPolling } from '../hooks/use-idea-polling';
import { DEFAULT_IDEAS, MAX_IDEAS, MIN_IDEAS, parseIdeaCount } from '../lib/idea-count';
import { GenerationError } from './generation-error';
import { GenerationProgress } from './generation-progress';
import {
  ProviderModelFields,
  type ProviderChoice,
} from '@/entities/llm-provider/components/provider-model-fields';
import { SteeringField } from './steering-field';
import { VarietyField } from './variety-field';
import type { Variety } from '../lib/variety';

const BUTTON_TEXT = {
  idle: 'Generate New Ideas',
  sending: 'Generating...',
  polling: 'Loading ideas...',
} as const;

interface GenerationControlsProps {
  brainstormId: number;
  /**
   * The detail page polls the ideas list after a request until new ideas arrive (and reports a
   * failed request with high severity); the review page does not poll.
   */
  poll: boolean;
}

/** '# ideas:', Provider, Model and 'Generate New Ideas', with the request's progress below. */
export function GenerationControls({ brainstormId, poll }: GenerationControlsProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const providers = useLlmProviders();
  // The detail page reports a refused request with high severity (logged by the query client).
  const generate = useGenerateIdeas(poll ? 'high' : undefined);
  // The new ideas, and the brainstorm lists' idea counts.
  const refreshIdeas = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ideaKeys.all }),
      queryClient.invalidateQueries({ queryKey: brainstormKeys.lists() }),
    ]);
  const polling = useIdeaPolling(brainstormId, () => void refreshIdeas());

  const [countText, setCountText] = useState(String(DEFAULT_IDEAS));
  const countInput = useRef<HTMLInputElement>(null);
  const ideaCount = parseIdeaCount(countText);
  const countErrorId = `${id}-count-error`;
  // Until the user chooses, the first provider with its default model.
  const [chosen, setChosen] = useState<ProviderChoice | null>(null);
  const first = providers.data?.[0];
  const choice = chosen ?? { provider: first?.provider ?? '', model: first?.default_model ?? '' };
  const [variety, setVariety] = useState<Variety>('normal');
  const [steer, setSteer] = useState(true);
  // The review list's 'More like this' asks with the same choice.
  const { provider, model } = choice;
  const rememberedCount = ideaCount.count ?? DEFAULT_IDEAS;
  useEffect(() => {
    if (provider && model) {
      rememberGenerationChoice(brainstormId, {
        provider,
        model,
        count: rememberedCount,
        steer,
        variety,
      });
    }
  }, [brainstormId, provider, model, rememberedCount, steer, variety]);
  const [sending, setSending] = useState(false);
  const [generationId, setGenerationId] = useState<number | null>(null);
  // Until this page asks for ideas, a generation of the brainstorm still under way.
  const latest = useLatestGeneration(brainstormId).data;
  const underWay = latest && !isFinished(latest.status) ? latest.id : null;
  const shownGeneration = generationId ?? underWay;

  const phase = sending ? 'sending' : polling.active ? 'polling' : 'idle';
  const submit = useGuardedSubmit<SubmitEvent<HTMLFormElement>>(async () => {
    const { count } = ideaCount;
    // Out of range: nothing is sent, and the field, which says why, takes the focus.
    if (count === null) {
      countInput.current?.focus();
      return;
    }
    setCountText(String(count));
    if (!choice.provider || !choice.model) return;
    setSending(true);
    try {
      // Taken before asking, so ideas that arrive at once still count as new.
      const before = poll ? await polling.countIdeas() : null;
      const generation = await generate.mutateAsync({
        brainstormId,
        count,
        variety,
        ...choice,
        steer,
      });
      setGenerationId(generation.id);
      if (before === null) void refreshIdeas();
      else polling.start(before);
    } catch {
      // Shown by the error line; logged once, by the query client.
    } finally {
      setSending(false);
    }
  });

  return (
    <Card className="gap-4 py-4 sm:py-6">
      <CardContent className="grid min-w-0 gap-4 px-4 sm:px-6">
        {/* The number's limits are said here, beside the field, rather than by the browser. */}
        <form
          noValidate
          aria-label="Generate ideas"
          className="flex flex-wrap items-end gap-3"
          onSubmit={submit}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-count`}># ideas:</Label>
            <div className="flex items-center gap-2">
              <Input
                ref={countInput}
                id={`${id}-count`}
                type="number"
                inputMode="numeric"
                min={MIN_IDEAS}
                max={MAX_IDEAS}
                step={1}
                className="w-24 shrink-0"
                value={countText}
                aria-invalid={ideaCount.error ? true : undefined}
                aria-describedby={ideaCount.error ? countErrorId : undefined}
                onChange={(event) => {
                  setCountText(event.target.value);
                }}
                onBlur={() => {
                  // Not a number: 10 (spec 5). Out of range: left as typed, with its reason.
                  if (ideaCount.count !== null) setCountText(String(ideaCount.count));
                }}
              />
              <FieldMessage
                id={countErrorId}
                messages={ideaCount.error ? [ideaCount.error] : null}
                className="max-w-52 leading-snug"
              />
            </div>
          </div>
          <ProviderModelFields
            providers={providers.data ?? []}
            value={choice}
            onChange={setChosen}
            loading={providers.isPending}
          />
          <VarietyField
            value={variety}
            onChange={setVariety}
            count={ideaCount.count}
            costsTokens={provider !== 'offline'}
          />
          <Button
            type="submit"
            className="w-full sm:w-auto"
            disabled={phase !== 'idle' || !choice.provider || !choice.model}
          >
            <Sparkles aria-hidden="true" />
            {BUTTON_TEXT[phase]}
          </Button>
        </form>
        <SteeringField brainstormId={brainstormId} steer={steer} onSteerChange={setSteer} />
        {providers.isError ? (
          <LoadError
            message="Error loading LLM providers"
            retrying={providers.isFetching}
            onRetry={() => void providers.refetch()}
          />
        ) : null}
        {generate.isError && phase === 'idle' ? <GenerationError error={generate.error} /> : null}
        {shownGeneration !== null ? <GenerationProgress generationId={shownGeneration} /> : null}
      </CardContent>
    </Card>
  );
}
