import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { LoadError } from '@/components/ui/load-error';
import { cn } from '@/lib/utils';
import { useComparisons } from '../api/list-comparisons';

interface ComparisonsListProps {
  analysisId: number;
  /** The ranked ideas' titles by id. */
  titles: ReadonlyMap<number, string>;
}

/** The ranking's matches with the model's reasons, folded away until asked for. */
export function ComparisonsList({ analysisId, titles }: ComparisonsListProps) {
  const [open, setOpen] = useState(false);
  const comparisons = useComparisons(analysisId, open);
  // A deleted idea keeps its place with an empty title.
  const title = (id: number) => {
    const name = titles.get(id);
    return name ? `“${name}”` : `Idea ${String(id)}`;
  };
  const items = comparisons.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <Collapsible open={open} onOpenChange={setOpen} className="grid gap-2">
      <CollapsibleTrigger asChild>
        <Button variant="outline" size="sm" className="justify-self-start">
          <ChevronDown
            aria-hidden="true"
            className={cn('transition-transform', open && 'rotate-180')}
          />
          The model's comparisons
        </Button>
      </CollapsibleTrigger>
      <CollapsibleContent className="grid gap-2">
        {comparisons.isError ? (
          <LoadError
            message="Error loading the comparisons"
            retrying={comparisons.isFetching}
            onRetry={() => void comparisons.refetch()}
          />
        ) : null}
        {comparisons.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading comparisons...
          </p>
        ) : null}
        <ol className="grid gap-2 text-sm">
          {items.map((item) => {
            const loser = item.winner === item.idea_a ? item.idea_b : item.idea_a;
            return (
              <li key={`${String(item.round)}-${String(item.idea_a)}-${String(item.idea_b)}`}>
                <span className="font-medium">
                  Round {item.round}: {title(item.winner)} over {title(loser)}
                </span>
                <span className="block text-muted-foreground">{item.reason}</span>
              </li>
            );
          })}
        </ol>
        {comparisons.hasNextPage ? (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={comparisons.isFetchingNextPage}
            onClick={() => void comparisons.fetchNextPage()}
          >
            Show more comparisons
          </Button>
        ) : null}
      </CollapsibleContent>
    </Collapsible>
  );
}
