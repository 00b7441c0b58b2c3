import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import type { Idea } from '@/entities/idea/api/types';
import { findCachedIdea } from '@/entities/idea/lib/annotation-cache';
import { createQueryClient } from '@/lib/query-client';
import { reviewIdeas, serveReview } from '../testing/review-server';
import { useIdeaCommands, type ReviewRow } from './use-idea-commands';

function setUp() {
  const ideas = reviewIdeas(1);
  const { annotations } = serveReview(ideas);
  const queryClient = createQueryClient();
  queryClient.setQueryData([...ideaKeys.lists(), { brainstormId: 7 }], {
    count: 1,
    filteredCount: 1,
    hasNext: false,
    results: ideas,
    source: 'list',
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { idea: ideas[0] as Idea, annotations, queryClient, wrapper };
}

describe("a row's commands", () => {
  it('are built from the idea alone, where the list is, with no row on the screen', async () => {
    const { idea, annotations, queryClient, wrapper } = setUp();
    const row: ReviewRow = {
      idea,
      onInteract: vi.fn(),
      commentOpen: false,
      onToggleComment: vi.fn(),
      onAskForMore: vi.fn(() => 'asked'),
      flippable: false,
    };
    const { result } = renderHook(() => useIdeaCommands(row), { wrapper });

    let said = '';
    act(() => {
      said = result.current.vote(1);
    });
    expect(said).toBe('Voted up: Idea number 1');
    expect(row.onInteract).toHaveBeenCalledTimes(1);
    expect(findCachedIdea(queryClient, idea.id)?.user_annotation?.vote).toBe(1);
    await waitFor(() => {
      expect(annotations.get(idea.id)).toMatchObject({ vote: 1 });
    });
    act(() => {
      said = result.current.comment();
    });
    expect(said).toBe('Comment on: Idea number 1');
    expect(row.onToggleComment).toHaveBeenCalledTimes(1);

    expect(result.current.flipIt).toBeNull();
    act(() => {
      said = result.current.moreLikeThis();
    });
    expect(said).toBe('asked');
    expect(row.onAskForMore).toHaveBeenCalledWith(idea, 'more');
  });

  it('are none without a row', () => {
    const { wrapper } = setUp();
    const { result } = renderHook(() => useIdeaCommands(null), { wrapper });
    expect(result.current).toBeNull();
  });
});
