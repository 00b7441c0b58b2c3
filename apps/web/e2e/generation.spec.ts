import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  accessToken,
  chooseInGenerationForm,
  createBrainstormViaApi,
  expectNoAxeViolations,
  sidewaysScrollers,
  signInAt,
} from './helpers';
import { alice } from './users';

async function createBrainstorm(request: APIRequestContext) {
  const token = await accessToken(request, alice);
  const problem = `How might we make the office kitchen worse? ${Date.now()}`;
  return createBrainstormViaApi(request, token, problem, ['coffee']);
}

test('ideas generated offline arrive; an unreachable provider says why it failed', async ({
  page,
  request,
}) => {
  const id = await createBrainstorm(request);
  await signInAt(page, alice);
  await page.goto(`/brainstorms/${id}/`);

  const form = page.getByRole('form', { name: 'Generate ideas' });
  const ideas = page.getByRole('region', { name: 'Ideas' });
  const generate = form.getByRole('button', { name: 'Generate New Ideas' });
  await expect(ideas.getByText('No ideas found for this brainstorm.')).toBeVisible();
  // The unreachable provider comes first, so it is chosen to start with.
  await expect(form.getByRole('combobox', { name: 'Provider' })).toHaveText(
    'Unreachable test provider',
  );
  await expect(form.getByRole('combobox', { name: 'Model' })).toHaveText('broken-model');
  await expect(form.getByLabel('# ideas:')).toHaveValue('10');
  await expectNoAxeViolations(page);

  await chooseInGenerationForm(page, 'Provider', 'Offline sample ideas (no AI)');
  await expect(form.getByRole('combobox', { name: 'Model' })).toHaveText('sample-ideas');
  await form.getByLabel('# ideas:').fill('5');
  await generate.click();

  const progress = page.getByRole('progressbar', { name: 'Idea generation' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuetext', '5 of 5 ideas', { timeout: 20_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '5');
  await expect(page.getByText('5 of 5 ideas', { exact: true })).toBeVisible();
  await expect(page.getByText('Finished: 5 ideas stored.')).toBeVisible();
  await expect(ideas.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(5);
  await expect(
    ideas.getByText('Showing 5 filtered ideas (5 matching) out of 5 total ideas (Page 1 of 1)'),
  ).toBeVisible();
  await expect(generate).toBeEnabled();
  await expectNoAxeViolations(page);

  await chooseInGenerationForm(page, 'Provider', 'Unreachable test provider');
  await form.getByLabel('# ideas:').fill('1');
  await generate.click();

  await expect(page.getByText('1 idea failed: the provider could not be reached')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Finished: no ideas stored.')).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuetext', '0 of 1 idea');
  await expect(progress).toHaveAttribute('aria-valuenow', '1');
  await expect(ideas.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(5);
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the generation controls fit the screen and stay usable', async ({ page, request }) => {
    const id = await createBrainstorm(request);
    await signInAt(page, alice);
    await page.goto(`/brainstorms/${id}/`);

    const form = page.getByRole('form', { name: 'Generate ideas' });
    const generate = form.getByRole('button', { name: 'Generate New Ideas' });
    for (const control of [
      form.getByLabel('# ideas:'),
      form.getByRole('combobox', { name: 'Provider' }),
      form.getByRole('combobox', { name: 'Model' }),
      generate,
    ]) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    expect(await sidewaysScrollers(page)).toEqual([]);

    await chooseInGenerationForm(page, 'Provider', 'Offline sample ideas (no AI)');
    await form.getByLabel('# ideas:').fill('2');
    await generate.click();
    await expect(page.getByRole('progressbar', { name: 'Idea generation' })).toHaveAttribute(
      'aria-valuetext',
      '2 of 2 ideas',
      { timeout: 20_000 },
    );
    await expectNoAxeViolations(page);
  });
});
