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
});
