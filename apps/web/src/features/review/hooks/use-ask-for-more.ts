import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { brainstormKeys } from '@/entities/brainstorm/api/brainstorm-keys';
import { useLiveBrainstorm } from '@/entities/brainstorm/live/live-context';
import {
  askingChoice,
  useAskForMoreMutation,
  type AskDirection,
} from '@/entities/idea/api/ask-for-more';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import type { Idea } from '@/entities/idea/api/types';
import { isRunning, useAskedGeneration } from '../api/get-asked-generation';

export function askingText(direction: AskDirection, count: number, title: string) {
  return direction === 'flip'
    ? `Flipping “${title}” into a workable idea…`
    : `Generating ${String(count)} more like “${title}”…`;
}

export interface AskForMore {
  /** Starts the generation and says what it does. */
  ask: (idea: Idea, direction: AskDirection) => string;
  /** The last request's line while it runs, or null. */
  message: string | null;
  error: unknown;
  generationId: number | null;
}

/** 'More like this' and 'Flip it' for the review list: one request at a time, followed to its end. */
export function useAskForMore(brainstormId: number): AskForMore {
  const queryClient = useQueryClient();
  const mutation = useAskForMoreMutation();
  const [message, setMessage] = useState<string | null>(null);
  const [generationId, setGenerationId] = useState<number | null>(null);
  const { status, showNewIdeas } = useLiveBrainstorm();
  const live = status === 'live';
  const generation = useAskedGeneration(generationId, live).data;
  const running = generation ? isRunning(generation.status) : generationId !== null;

  // Its ideas are stored by now: the lists and counts show them.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) {
      // The caller's own ideas: the review list, held while others' arrive, shows them too.
      showNewIdeas();
      void queryClient.invalidateQueries({ queryKey: ideaKeys.all });
      void queryClient.invalidateQueries({ queryKey: brainstormKeys.lists() });
      setMessage(null);
    }
    wasRunning.current = running;
  }, [running, queryClient, showNewIdeas]);

  return {
    ask: (idea, direction) => {
      const pending = askingChoice(brainstormId);
      void pending
        .then((choice) => {
          setMessage(askingText(direction, choice.count, idea.title));
          return mutation.mutateAsync({ ideaId: idea.id, direction, choice });
        })
        .then((started) => {
          setGenerationId(started.id);
          void queryClient.invalidateQueries({ queryKey: ideaKeys.all });
        })
        .catch(() => {
          setMessage(null);
        });
      return direction === 'flip' ? `Flip it: ${idea.title}` : `More like this: ${idea.title}`;
    },
    message,
    error: mutation.error,
    generationId,
  };
}
