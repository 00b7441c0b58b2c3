import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { makeAnnotation, makeHiddenIdea, makeIdea, withAnnotation } from '../testing/idea-fixtures';
import { addReaction } from './add-reaction';
import { isBlank, parseComments, setReaction, setVote } from '../lib/annotation-changes';
import { createAnnotation } from './create-annotation';
import { useSetBookmark } from './set-idea-flag';
import { voteAnnotation } from './vote-annotation';
import { nextVote, useVoteIdea } from './vote-idea';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('annotation rules', () => {
  it('clears a vote given again in the same direction', () => {
    expect(nextVote(0, 1)).toBe(1);
    expect(nextVote(1, 1)).toBe(0);
    expect(nextVote(1, -1)).toBe(-1);
    expect(nextVote(-1, -1)).toBe(0);
  });

  it("keeps the team sums in step with the caller's own vote and reactions", () => {
    const idea = withAnnotation(makeIdea({ votes: 3 }), { vote: 1 });
    expect(setVote(idea, -1).votes).toBe(1);
    const reacted = setReaction(makeIdea(), 'idea', true, 'temp-1');
    expect(reacted.reaction_counts?.idea).toBe(1);
    expect(String(reacted.user_annotation?.id)).toMatch(/^temp-/);
    expect(setReaction(reacted, 'idea', false).reaction_counts?.idea).toBe(0);
  });

  it('leaves totals that blind review withholds withheld', () => {
    const hidden = makeHiddenIdea();
    expect(setVote(hidden, 1)).toMatchObject({ votes: null, totals_hidden: true });
    expect(setReaction(hidden, 'idea', true, 'temp-2').reaction_counts).toBeNull();
    expect(setVote(hidden, 1).user_annotation?.vote).toBe(1);
  });

  it('treats malformed comments as none', () => {
    expect(parseComments(makeAnnotation({ comments: 'not json' }))).toEqual([]);
    expect(isBlank(makeAnnotation({ comments: '{' }))).toBe(true);
  });
});

describe('missing ids', () => {
  it('fails an action on no idea with "No idea ID provided", changing nothing', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    const { result } = renderHook(
      () => ({ vote: useVoteIdea(null), bookmark: useSetBookmark(undefined) }),
      {
        wrapper,
      },
    );
    act(() => {
      result.current.vote.mutate({ value: 1 });
      result.current.bookmark.mutate({ value: true });
    });
    await waitFor(() => {
      expect(result.current.vote.error?.message).toBe('No idea ID provided');
    });
    await waitFor(() => {
      expect(result.current.bookmark.error?.message).toBe('No idea ID provided');
    });
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('"vote"'),
      new Error('No idea ID provided'),
    );
  });

  it('refuses an API call without its id or body', async () => {
    await expect(voteAnnotation(undefined, 1)).rejects.toThrow(
      'Required parameter id was null or undefined when calling voteAnnotation',
    );
    await expect(createAnnotation(3, null)).rejects.toThrow(
      'Required parameter body was null or undefined when calling createAnnotation',
    );
    await expect(addReaction(null, 'laugh', null)).rejects.toThrow(
      'Required parameter idea_id was null or undefined when calling addReaction',
    );
  });
});
