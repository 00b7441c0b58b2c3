import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubPointerCapture } from '@/test/pointer-capture';
import {
  renderControls,
  serveGenerate,
  serveIdeaTotal,
  serveProviders,
} from '../testing/generation-fixtures';

beforeAll(stubPointerCapture);

async function generateWith(variety: string | null) {
  serveProviders();
  serveIdeaTotal(() => 0);
  const bodies = serveGenerate();
  const { user } = renderControls({ poll: false });
  const button = await screen.findByRole('button', { name: 'Generate New Ideas' });
  await waitFor(() => {
    expect(button).toBeEnabled();
  });
  const field = screen.getByRole('combobox', { name: 'Variety' });
  expect(field).toHaveTextContent('Normal');
  if (variety) {
    await user.click(field);
    await user.click(screen.getByRole('option', { name: variety }));
  }
  await user.click(button);
  await waitFor(() => {
    expect(bodies).toHaveLength(1);
  });
  return bodies[0];
}

describe('VarietyField', () => {
  it('offers Normal and High, and sends variety high when chosen', async () => {
    const body = await generateWith('High — 3 candidates per idea');
    expect(body).toMatchObject({ variety: 'high', num_workers: 10 });
    expect(screen.getByRole('combobox', { name: 'Variety' })).toHaveTextContent(
      'High — 3 candidates per idea',
    );
  });

  it('leaves variety out, the server default, when normal', async () => {
    const body = await generateWith(null);
    expect(body).not.toHaveProperty('variety');
  });

  it('says what the choice may cost before anything is asked for', async () => {
    serveProviders();
    serveIdeaTotal(() => 0);
    const { user } = renderControls({ poll: false });
    const field = await screen.findByRole('combobox', { name: 'Variety' });
    await waitFor(() => {
      expect(field).toHaveAccessibleDescription('Up to 10,000 output tokens for 10 ideas.');
    });
    await user.click(field);
    await user.click(screen.getByRole('option', { name: 'High — 3 candidates per idea' }));
    expect(field).toHaveAccessibleDescription(
      'Up to 30,000 output tokens for 10 ideas, 3 candidates each.',
    );
    const count = screen.getByRole('spinbutton', { name: /ideas/i });
    await user.clear(count);
    await user.type(count, '1');
    expect(field).toHaveAccessibleDescription(
      'Up to 3,000 output tokens for 1 idea, 3 candidates each.',
    );
  });

  it('says offline ideas cost no tokens', async () => {
    serveProviders([
      {
        provider: 'offline',
        name: 'Offline',
        models: ['sample-ideas'],
        default_model: 'sample-ideas',
        capabilities: ['generate', 'cluster'],
      },
    ]);
    serveIdeaTotal(() => 0);
    renderControls({ poll: false });
    const field = await screen.findByRole('combobox', { name: 'Variety' });
    await waitFor(() => {
      expect(field).toHaveAccessibleDescription('Offline ideas cost no tokens.');
    });
  });
});
