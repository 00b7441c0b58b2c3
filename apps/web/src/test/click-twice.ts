import { fireEvent } from '@testing-library/react';

/**
 * A double click whose second click lands before React re-renders, as a quick one can in a
 * browser; user-event's dblClick waits in between, which gives React the time to disable.
 */
export function clickTwiceAtOnce(element: HTMLElement) {
  fireEvent.click(element);
  fireEvent.click(element);
}
