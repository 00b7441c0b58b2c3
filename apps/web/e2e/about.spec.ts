import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsAtBothWidths, sidewaysScrollers, signInAt } from './helpers';
import { alice } from './users';

// The no-provider notes of Themes, Matrix, Ranking and Repeats link here (their unit tests check
// the link); this server offers a language-model provider, so none of them shows.
test('the About page tells whoever runs the server how to add a provider, at #providers', async ({
  page,
}) => {
  await signInAt(page, alice);
  await page.goto('/about#providers');
  await expect(page).toHaveURL(/\/about#providers$/);
  await expect(page).toHaveTitle('About · Ideaforge');
  const heading = page.getByRole('heading', { name: 'Language-model providers' });
  await expect(heading).toBeInViewport();
  await expect(page.getByText('OPENAI_COMPATIBLE_BASE_URL').first()).toBeVisible();
  await expect(page.getByText(/takes effect when the server is restarted/)).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sidewaysScrollers(page)).toEqual([]);
  await page.goto('/about#prices');
  await expect(page.getByRole('heading', { name: 'Model prices' })).toBeInViewport();
});
