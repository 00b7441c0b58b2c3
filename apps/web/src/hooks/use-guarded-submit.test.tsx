import { fireEvent, render, screen } from '@testing-library/react';
import type { SubmitEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '@/test/fixtures';
import { useGuardedSubmit } from './use-guarded-submit';

function GuardedForm({ onSubmit }: { onSubmit: () => Promise<unknown> }) {
  const submit = useGuardedSubmit<SubmitEvent<HTMLFormElement>>(onSubmit);
  return (
    <form aria-label="Guarded" onSubmit={submit}>
      <button type="submit">Send</button>
    </form>
  );
}

describe('useGuardedSubmit', () => {
  it('ignores a second submit while the first is pending, and accepts one after', async () => {
    let request = deferred();
    const onSubmit = vi.fn(() => request.promise);
    render(<GuardedForm onSubmit={onSubmit} />);
    const form = screen.getByRole('form', { name: 'Guarded' });

    // Both land before React could re-render anything: only the handler can stop the second.
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    request.release();
    await request.promise;
    request = deferred();
    fireEvent.submit(form);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('accepts a new submit after a failed one', async () => {
    const failure = Promise.reject(new Error('refused'));
    const onSubmit = vi.fn(() => failure);
    render(<GuardedForm onSubmit={onSubmit} />);
    const form = screen.getByRole('form', { name: 'Guarded' });

    fireEvent.submit(form);
    await failure.catch(() => undefined);
    fireEvent.submit(form);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('keeps the browser from submitting the form itself', () => {
    render(<GuardedForm onSubmit={() => Promise.resolve()} />);
    const notCancelled = fireEvent.submit(screen.getByRole('form', { name: 'Guarded' }));
    expect(notCancelled).toBe(false);
  });
});
