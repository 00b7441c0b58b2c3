import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { ideaListQueryOptions } from '@/entities/idea/api/list-ideas';
import { brainstormQueryOptions, useBrainstorm } from '@/features/brainstorms/api/get-brainstorm';
import { BrainstormDetailPage } from '@/features/brainstorms/components/brainstorm-detail-page';
import { GenerationControls } from '@/features/generation/components/generation-controls';
import { IdeasSection } from '@/features/ideas/components/ideas-section';
import { titleHead } from '@/lib/page-title';
import type { ThemeFilter } from '@/entities/theme/api/types';
import { parseThemeFilter } from '@/entities/theme/lib/theme-filter';
import { CombineIdeasButton } from '@/features/combine/components/combine-ideas-button';
import { ImportIdeasButton } from '@/features/import/components/import-ideas-button';
import { DEFAULT_PAGE_SIZE, pagingSearchSchema, type PagingSearchInput } from '@/lib/paging';
import { idParam } from '@/lib/route-params';

const paging = pagingSearchSchema();

export const Route = createFileRoute('/_authenticated/brainstorms/$brainstormId/')({
  params: idParam('brainstormId'),
  // The ideas' page, page size and theme filter; the defaults stay out of the address.
  validateSearch: (search: PagingSearchInput & { theme?: ThemeFilter }) => ({
    ...paging(search),
    theme: parseThemeFilter(search.theme),
  }),
  search: {
    middlewares: [stripSearchParams({ page: 1, page_size: DEFAULT_PAGE_SIZE, theme: null })],
  },
  loaderDeps: ({ search }) => ({
    page: search.page,
    pageSize: search.page_size,
    ...(search.theme === null ? {} : { theme: search.theme }),
  }),
  // A failed load is shown by the page itself ('Error loading brainstorm'), not the route error.
  // The ideas start loading alongside rather than after the brainstorm, but are not waited for.
  loader: ({ context, params, deps }) => {
    void context.queryClient
      .query(ideaListQueryOptions({ brainstormId: params.brainstormId, ...deps }))
      .catch(() => undefined);
    return context.queryClient
      .query({ ...brainstormQueryOptions(params.brainstormId), staleTime: 'static' })
      .catch(() => undefined);
  },
  head: ({ match, params }) => titleHead(`Brainstorm ${params.brainstormId}`, match),
  component: BrainstormRoute,
});

function BrainstormRoute() {
  const { brainstormId } = Route.useParams();
  const { page, page_size, theme } = Route.useSearch();
  const navigate = Route.useNavigate();
  const brainstorm = useBrainstorm(brainstormId);
  return (
    <BrainstormDetailPage
      brainstormId={brainstormId}
      place="brainstorm"
      // 'Error loading LLM providers' shows within the controls: the rest of the page works.
      // Keyed so that another brainstorm's page starts without this one's progress.
      generation={
        <GenerationControls
          key={`generation-${String(brainstormId)}`}
          brainstormId={brainstormId}
          poll
        />
      }
      ideas={
        <IdeasSection
          brainstormId={brainstormId}
          brainstormCreatedBy={brainstorm.data?.created_by ?? null}
          page={page}
          pageSize={page_size}
          onPagingChange={(paging) => {
            void navigate({
              search: (previous) => ({
                ...previous,
                page: paging.page,
                page_size: paging.pageSize,
              }),
            });
          }}
          theme={theme}
          onThemeChange={(next) => {
            // Another filter is another list: it starts at its first page.
            void navigate({ search: (previous) => ({ ...previous, page: 1, theme: next }) });
          }}
          actions={
            <>
              <CombineIdeasButton brainstormId={brainstormId} />
              <ImportIdeasButton brainstormId={brainstormId} />
            </>
          }
        />
      }
    />
  );
}
