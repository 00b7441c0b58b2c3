import { Ellipsis } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { useLazyMenu } from '@/hooks/use-lazy-menu';
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
  const { opened, standInProps } = useLazyMenu(loadDropdown);
  const standIn = (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      title="More actions"
      className="hidden size-11 px-0 stacked:ml-auto stacked:inline-flex"
      {...standInProps}
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
