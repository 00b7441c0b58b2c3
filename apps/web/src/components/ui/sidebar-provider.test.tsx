import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSidebar } from './sidebar-context';
import { SidebarProvider } from './sidebar-provider';

function SidebarState() {
  return <output aria-label="Sidebar">{useSidebar().state}</output>;
}

function renderWithFields() {
  render(
    <SidebarProvider defaultOpen>
      <SidebarState />
      <label>
        Title <input />
      </label>
      <label>
        Notes <textarea />
      </label>
      <label>
        Editor
        <input
          onKeyDown={(event) => {
            event.stopPropagation();
          }}
        />
      </label>
    </SidebarProvider>,
  );
  return { actor: userEvent.setup(), state: () => screen.getByLabelText('Sidebar').textContent };
}

describe('the Ctrl/Cmd+B sidebar shortcut', () => {
  it.each(['Title', 'Notes'])('works while typing in %s, without typing a b', async (field) => {
    const { actor, state } = renderWithFields();
    await actor.click(screen.getByLabelText(field));
    await actor.keyboard('ab');

    await actor.keyboard('{Control>}b{/Control}');
    expect(state()).toBe('collapsed');
    await actor.keyboard('{Meta>}b{/Meta}');
    expect(state()).toBe('expanded');
    expect(screen.getByLabelText(field)).toHaveValue('ab');
  });

  it("keeps the browser's own Ctrl+B (bold, bookmarks) from firing", () => {
    renderWithFields();
    const notCancelled = fireEvent.keyDown(screen.getByLabelText('Notes'), {
      key: 'b',
      ctrlKey: true,
    });
    expect(notCancelled).toBe(false);
  });

  it('works in a field that stops its keys from bubbling', async () => {
    const { actor, state } = renderWithFields();
    await actor.click(screen.getByLabelText('Editor'));
    await actor.keyboard('{Control>}b{/Control}');
    expect(state()).toBe('collapsed');
  });

  it('works with Caps Lock on', () => {
    const { state } = renderWithFields();
    fireEvent.keyDown(screen.getByLabelText('Title'), { key: 'B', ctrlKey: true });
    expect(state()).toBe('collapsed');
  });

  it('leaves Ctrl+Shift+B and Ctrl+Alt+B to the browser', () => {
    const { state } = renderWithFields();
    const field = screen.getByLabelText('Title');
    expect(fireEvent.keyDown(field, { key: 'B', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(fireEvent.keyDown(field, { key: 'b', ctrlKey: true, altKey: true })).toBe(true);
    expect(state()).toBe('expanded');
  });

  it('ignores a keydown without a key, as Chrome autofill sends', () => {
    const { state } = renderWithFields();
    screen.getByLabelText('Title').dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(state()).toBe('expanded');
  });
});
