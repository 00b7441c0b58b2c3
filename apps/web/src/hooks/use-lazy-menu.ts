import { useState, type KeyboardEvent, type MouseEvent } from 'react';

/**
 * A menu whose code loads when first wanted: until first pressed, its trigger is a plain button
 * that looks and reads as the menu's (`standInProps`), fetching the code (`load`) as the pointer
 * or the focus nears it; pressing it, or its down arrow, opens the menu: `opened` says so, and
 * whether from the keyboard (the menu then focuses its first item). From then on the menu is
 * the usual one.
 */
export function useLazyMenu(load: () => Promise<unknown>) {
  const [opened, setOpened] = useState<{ byKey: boolean } | null>(null);
  const preload = () => {
    void load();
  };
  const standInProps = {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: preload,
    onFocus: preload,
    onKeyDown: (event: KeyboardEvent) => {
      // The menu's trigger opens on the down arrow too.
      if (event.key !== 'ArrowDown' || opened) return;
      event.preventDefault();
      setOpened({ byKey: true });
    },
    onClick: (event: MouseEvent) => {
      // A click from Enter or Space has no pointer behind it (detail 0).
      if (!opened) setOpened({ byKey: event.detail === 0 });
    },
  } as const;
  return { opened, standInProps };
}
