import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { MoreActionsMenuProps } from './more-actions-dropdown';

const loadDropdown = () => import('./more-actions-dropdown');
const MoreActionsDropdown = lazy(() =>
  loadDropdown().then(({ MoreActionsDropdown: dropdown }) => ({ default: dropdown })),
);

/**
 * A phone card's 'More actions' button. Fifty cards do not each build a menu that is rarely
 * opened: until first pressed this is a plain button that looks and reads as the menu's
 * trigger, and pressing it mounts the menu open (its code is fetched as the pointer or the focus
 * nears it). From then on the menu is the usual one.
 */
export function MoreActionsMenu(props: MoreActionsMenuProps) {
  const [opened, setOpened] = useState<{ byKey: boolean } | null>(null);
  const preload = () => {
    void loadDropdown();
  };
  const standIn = (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      title="More actions"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className="hidden size-11 px-0 stacked:ml-auto stacked:inline-flex"
      onPointerEnter={preload}
      onFocus={preload}
      onKeyDown={(event) => {
        // The menu's trigger opens on the down arrow too.
        if (event.key !== 'ArrowDown' || opened) return;
        event.preventDefault();
        setOpened({ byKey: true });
      }}
      onClick={(event) => {
        // A click from Enter or Space has no pointer behind it (detail 0).
        if (!opened) setOpened({ byKey: event.detail === 0 });
      }}
    >
      <Ellipsis aria-hidden="true" />
    </Button>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <MoreActionsDropdown {...props} openedByKey={opened.byKey} />
    </Suspense>
  );
}
