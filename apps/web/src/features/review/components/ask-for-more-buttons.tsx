import { FlipHorizontal2, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { RowCommands } from '../lib/review-keys';

const button = 'h-8 min-w-8 px-1.5 stacked:hidden';

/** 'More like this' and, for a Bad Idea Contest, 'Flip it': in the table's row of actions. */
export function AskForMoreButtons({ commands }: { commands: RowCommands }) {
  const { flipIt } = commands;
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        title="More like this"
        className={button}
        onClick={() => {
          commands.moreLikeThis();
        }}
      >
        <Sparkles aria-hidden="true" />
      </Button>
      {flipIt ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          title="Flip it"
          className={button}
          onClick={() => {
            flipIt();
          }}
        >
          <FlipHorizontal2 aria-hidden="true" />
        </Button>
      ) : null}
    </>
  );
}
