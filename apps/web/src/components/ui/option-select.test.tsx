import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPointerCapture } from '@/test/pointer-capture';

const OPTIONS = [
  { value: '10', label: '10' },
  { value: '25', label: '25' },
];

/** The select as a page first has it: its code not yet fetched (the test setup fetches it). */
async function renderStandIn(onValueChange = vi.fn()) {
  vi.resetModules();
  const { OptionSelect } = await import('./option-select');
  render(
    <>
      <label htmlFor="size">Page size</label>
      <OptionSelect id="size" value="10" options={OPTIONS} onValueChange={onValueChange} />
    </>,
  );
  return onValueChange;
}

describe('OptionSelect before its code is fetched', () => {
  beforeEach(stubPointerCapture);

  it('reads as the closed select, naming the chosen option', async () => {
    await renderStandIn();
    const trigger = screen.getByRole('combobox', { name: 'Page size' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveTextContent('10');
  });

  it('opens the select on a press, and chooses from it', async () => {
    const actor = userEvent.setup();
    const onValueChange = await renderStandIn();
    // Pressed where the pointer is: hovering first would fetch the code and put the select in
    // the stand-in's place, which a browser's press then reaches but this test's would not.
    await actor.pointer({
      keys: '[MouseLeft]',
      target: screen.getByRole('combobox', { name: 'Page size' }),
    });
    await actor.click(await screen.findByRole('option', { name: '25' }));
    expect(onValueChange).toHaveBeenCalledWith('25');
  });

  it('opens the select on the down arrow, on the chosen option', async () => {
    const actor = userEvent.setup();
    await renderStandIn();
    await actor.tab();
    await actor.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: '10' })).toHaveFocus();
  });
});
