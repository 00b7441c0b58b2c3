import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RouteError } from './route-error';

describe('RouteError', () => {
  it('hides the error message until asked', async () => {
    const actor = userEvent.setup();
    render(<RouteError error={new Error('database on fire')} reset={() => undefined} />);

    expect(screen.getByText('Something went wrong!')).toBeInTheDocument();
    expect(screen.queryByText('database on fire')).not.toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText('database on fire')).toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(screen.queryByText('database on fire')).not.toBeInTheDocument();
  });
});
