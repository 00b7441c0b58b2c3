import { useRef, type SyntheticEvent } from 'react';

/**
 * A form's submit handler that ignores further submits until the current one's promise
 * settles. Disabling the button is not enough: a quick second click lands before React has
 * re-rendered it disabled.
 *
 * Use it with `mutateAsync`. A rejection only ends the guard: the mutation shows its own
 * failure (its error state) and the MutationCache logs it.
 */
export function useGuardedSubmit<Event extends SyntheticEvent>(
  onSubmit: (event: Event) => Promise<unknown>,
) {
  const pending = useRef(false);
  return (event: Event) => {
    event.preventDefault();
    if (pending.current) return;
    pending.current = true;
    const release = () => {
      pending.current = false;
    };
    onSubmit(event).then(release, release);
  };
}
