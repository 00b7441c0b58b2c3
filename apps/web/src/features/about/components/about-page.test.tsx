import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '@/test/render-in-router';
import { AboutPage } from './about-page';

async function providersSection() {
  renderInRouter(<AboutPage />);
  const heading = await screen.findByRole('heading', { name: 'Language-model providers' });
  const section = heading.closest('section');
  if (!section) throw new Error('no section');
  return { heading, section: within(section) };
}

describe('AboutPage', () => {
  it('keeps its line about Ideaforge and a way home', async () => {
    renderInRouter(<AboutPage />);
    expect(await screen.findByRole('heading', { name: 'About', level: 1 })).toBeVisible();
    expect(screen.getByText('Ideaforge: team brainstorming with language models.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('tells whoever runs the server which variables offer a provider, and when they apply', async () => {
    const { heading, section } = await providersSection();
    // The no-provider notes link to /about#providers.
    expect(heading).toHaveAttribute('id', 'providers');
    expect(section.getByText(/for the person who runs this Ideaforge server/)).toBeVisible();
    expect(section.getByText(/takes effect when the server is restarted/)).toBeVisible();
    const compatible = section.getByRole('heading', { name: 'OpenAI-compatible' }).parentElement;
    expect(compatible).toHaveTextContent(
      'Turned on by OPENAI_COMPATIBLE_BASE_URL; also OPENAI_COMPATIBLE_API_KEY, ' +
        'OPENAI_COMPATIBLE_MODELS (required), OPENAI_COMPATIBLE_NAME.',
    );
    for (const variable of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OLLAMA_BASE_URL']) {
      expect(section.getByText(variable)).toBeVisible();
    }
  });

  it('says what the offline provider cannot do, and lists the duplicate and embedding settings', async () => {
    const { section } = await providersSection();
    expect(
      section.getByText(/'Offline sample ideas \(no AI\)' is always offered/),
    ).toHaveTextContent(/It cannot assess, rank or combine ideas/);
    for (const variable of [
      'OPENAI_EMBEDDING_MODEL',
      'OPENAI_COMPATIBLE_EMBEDDING_MODEL',
      'DUPLICATE_LEXICAL_THRESHOLD',
      'DUPLICATE_SEMANTIC_THRESHOLD',
      'DUPLICATE_EMBEDDING_THRESHOLDS',
      'REPEATS_JUDGE',
    ]) {
      expect(section.getByText(variable)).toBeVisible();
    }
  });

  it('says how the model prices are set, under its own anchor', async () => {
    const { section } = await providersSection();
    const prices = section.getByRole('heading', { name: 'Model prices' });
    expect(prices).toHaveAttribute('id', 'prices');
    expect(prices.nextElementSibling).toHaveTextContent(
      /MODEL_PRICES overrides or adds entries, in dollars per million input and output tokens/,
    );
  });

  it('points to the review page for the keyboard shortcuts', async () => {
    renderInRouter(<AboutPage />);
    const heading = await screen.findByRole('heading', { name: 'Keyboard shortcuts' });
    expect(heading.closest('section')).toHaveTextContent(
      "On a brainstorm's review page, press ? to see every key of the review list.",
    );
  });
});
