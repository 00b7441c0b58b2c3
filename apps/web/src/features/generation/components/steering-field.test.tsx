import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { server } from '@/test/msw-server';
import { renderControls, serveGenerate, serveProviders } from '../testing/generation-fixtures';

function titles(count: number, from = 1) {
  return Array.from({ length: count }, (_, index) => ({
    id: from + index,
    title: `Idea ${String(from + index)}`,
  }));
}

/** Answers the steering of brainstorm 7 with what `current()` says at the time. */
function serveSteering(current: () => { liked: number; rejected: number }) {
  let reads = 0;
  server.use(
    http.get('/api/brainstorms/7/steering/', () => {
      reads += 1;
      const { liked, rejected } = current();
      return HttpResponse.json({ liked: titles(liked), rejected: titles(rejected, 100) });
    }),
  );
  return () => reads;
}

async function readyButton() {
  const button = await screen.findByRole('button', { name: 'Generate New Ideas' });
  await waitFor(() => {
    expect(button).toBeEnabled();
  });
  return button;
}

describe('The steering line and box', () => {
  it('says how many liked and rejected ideas steer, and sends steer: false only when unticked', async () => {
    serveProviders();
    serveSteering(() => ({ liked: 5, rejected: 3 }));
    const bodies = serveGenerate();
    const { user } = renderControls({ poll: false });
    const button = await readyButton();

    const box = screen.getByRole('checkbox', { name: "Steer by the team's reviews" });
    await waitFor(() => {
      expect(box).toHaveAccessibleDescription('Steered by 5 liked and 3 rejected ideas');
    });
    expect(box).toBeChecked();
    expect(box).toBeEnabled();

    await user.click(button);
    await waitFor(() => {
      expect(bodies).toHaveLength(1);
    });
    expect(bodies[0]).not.toHaveProperty('steer');

    await user.click(box);
    expect(box).not.toBeChecked();
    await waitFor(() => {
      expect(button).toBeEnabled();
    });
    await user.click(button);
    await waitFor(() => {
      expect(bodies).toHaveLength(2);
    });
    expect(bodies[1]).toMatchObject({ steer: false });
  });

  it('says when no review steers, with the box disabled, and reads again when the ideas change', async () => {
    serveProviders();
    let steering = { liked: 0, rejected: 0 };
    serveSteering(() => steering);
    const { queryClient } = renderControls({ poll: false });
    await readyButton();

    const box = screen.getByRole('checkbox', { name: "Steer by the team's reviews" });
    await waitFor(() => {
      expect(box).toHaveAccessibleDescription('No reviews steer this batch yet');
    });
    expect(box).toBeDisabled();

    // A vote, or a generation's end, refreshes every idea query: this one with them.
    steering = { liked: 1, rejected: 0 };
    await queryClient.invalidateQueries({ queryKey: ideaKeys.all });
    await waitFor(() => {
      expect(box).toHaveAccessibleDescription('Steered by 1 liked idea');
    });
    expect(box).toBeEnabled();
  });
});
