import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { brainstormKeys } from '@/entities/brainstorm/api/brainstorm-keys';
import { makeIdea } from '@/entities/idea/testing/idea-fixtures';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/test/msw-server';
import { useCreateIdea, useDeleteIdea } from './change-idea';

const BRAINSTORM = 7;
const listKey = [...brainstormKeys.lists(), { page: 1 }];

function setUp() {
  const idea = makeIdea({ id: 31, brainstorm: BRAINSTORM });
  server.use(
    http.post('/api/ideas/', () => HttpResponse.json(idea, { status: 201 })),
    http.delete('/api/ideas/:id/', () => new HttpResponse(null, { status: 204 })),
  );
  const queryClient = createQueryClient();
  // The brainstorm list as a page left it, with its idea counts, fresh for another 30 s.
  queryClient.setQueryData(listKey, { count: 1, next: null, previous: null, results: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

describe('an idea written or deleted by hand', () => {
  it('makes the brainstorm lists read their idea counts again', async () => {
    const { queryClient, wrapper } = setUp();
    const { result } = renderHook(() => useCreateIdea(BRAINSTORM), { wrapper });
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false);

    await act(() => result.current.mutateAsync({ title: 't', summary: 's', description: 'd' }));

    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('deleted: the lists read their counts again too', async () => {
    const { queryClient, wrapper } = setUp();
    const { result } = renderHook(() => useDeleteIdea(BRAINSTORM), { wrapper });

    await act(() => result.current.mutateAsync(31));

    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });
});
