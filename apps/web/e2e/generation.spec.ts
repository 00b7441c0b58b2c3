import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  accessToken,
  chooseInGenerationForm,
  createBrainstormViaApi,
  expectNoAxeViolations,
  sidewaysScrollers,
  signInAt,
} from './helpers';
import { alice } from './users';

/** A new brainstorm of Alice's, open on its page: its generation form and that form's button. */
async function openNewBrainstorm(page: Page, request: APIRequestContext) {
  const token = await accessToken(request, alice);
  const problem = `How might we make the office kitchen worse? ${Date.now()}`;
  const id = await createBrainstormViaApi(request, token, problem, ['coffee']);
  await signInAt(page, alice);
  await page.goto(`/brainstorms/${id}/`);
  const form = page.getByRole('form', { name: 'Generate ideas' });
  return { form, generate: form.getByRole('button', { name: 'Generate New Ideas' }) };
}

/** Waits for the progress bar to say `text` ('3 of 3 ideas'): a generation takes seconds. */
async function expectProgress(page: Page, text: string) {
  await expect(page.getByRole('progressbar', { name: 'Idea generation' })).toHaveAttribute(
    'aria-valuetext',
    text,
    { timeout: 20_000 },
  );
}

test('ideas generated offline arrive; an unreachable provider says why it failed', async ({
  page,
  request,
}) => {
  const { form, generate } = await openNewBrainstorm(page, request);
  const ideas = page.getByRole('region', { name: 'Ideas' });
  await expect(ideas.getByText('No ideas found for this brainstorm.')).toBeVisible();
  // The first provider listed (the repeating test model, served as Ollama) is chosen to start.
  await expect(form.getByRole('combobox', { name: 'Provider' })).toHaveText('Ollama');
  await expect(form.getByRole('combobox', { name: 'Model' })).toHaveText('repeating-model');
  await expect(form.getByLabel('# ideas:')).toHaveValue('10');
  await expectNoAxeViolations(page);

  await chooseInGenerationForm(page, 'Provider', 'Offline sample ideas (no AI)');
  await expect(form.getByRole('combobox', { name: 'Model' })).toHaveText('sample-ideas');
  await form.getByLabel('# ideas:').fill('5');
  await generate.click();

  const progress = page.getByRole('progressbar', { name: 'Idea generation' });
  await expect(progress).toBeVisible();
  await expectProgress(page, '5 of 5 ideas');
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

test('a number of ideas outside 1 to 50 is refused at the field, and nothing is sent', async ({
  page,
  request,
}) => {
  const { form, generate } = await openNewBrainstorm(page, request);
  const count = form.getByLabel('# ideas:');
  const limits = form.getByRole('alert');
  await chooseInGenerationForm(page, 'Provider', 'Offline sample ideas (no AI)');
  const generations: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/brainstorm/')) {
      generations.push(sent.url());
    }
  });

  for (const typed of ['60', '0', '-3']) {
    await count.fill(typed);
    await expect(limits).toHaveText('Choose between 1 and 50 ideas.');
    await expect(count).toHaveAttribute('aria-invalid', 'true');
    await expect(count).toHaveAccessibleDescription('Choose between 1 and 50 ideas.');
    await generate.click();
    // The field takes the focus back, as typed: its reason is read out with it.
    await expect(count).toBeFocused();
    await expect(count).toHaveValue(typed);
  }
  await count.press('Enter');
  await expect(count).toBeFocused();
  await expectNoAxeViolations(page);

  // Not a number: 10, as before.
  await count.fill('');
  await count.blur();
  await expect(count).toHaveValue('10');
  await expect(limits).toBeHidden();
  await expect(count).not.toHaveAttribute('aria-invalid');
  await expect(count).not.toHaveAttribute('aria-describedby');
  expect(generations).toEqual([]);

  // Within the limits, the number is asked for: one request, the first, for one idea.
  await count.fill('1');
  await generate.click();
  await expect(page.getByRole('progressbar', { name: 'Idea generation' })).toHaveAttribute(
    'aria-valuemax',
    '1',
  );
  expect(generations).toHaveLength(1);
});

test('high variety keeps one of three candidates for each idea asked for', async ({
  page,
  request,
}) => {
  const { form, generate } = await openNewBrainstorm(page, request);
  await expect(form.getByRole('combobox', { name: 'Variety' })).toHaveText('Normal');
  await chooseInGenerationForm(page, 'Provider', 'Offline sample ideas (no AI)');
  await form.getByRole('combobox', { name: 'Variety' }).click();
  await expect(page.getByRole('option', { name: 'Normal', exact: true })).toBeVisible();
  await page.getByRole('option', { name: 'High — 3 candidates per idea' }).click();
  await expect(form.getByRole('combobox', { name: 'Variety' })).toHaveText(
    'High — 3 candidates per idea',
  );
  await expectNoAxeViolations(page);
  await form.getByLabel('# ideas:').fill('3');
  await generate.click();

  await expectProgress(page, '3 of 3 ideas');
  const ideas = page.getByRole('region', { name: 'Ideas' });
  await expect(ideas.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(3);
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the generation controls fit the screen and stay usable', async ({ page, request }) => {
    const { form, generate } = await openNewBrainstorm(page, request);
    for (const control of [
      form.getByLabel('# ideas:'),
      form.getByRole('combobox', { name: 'Provider' }),
      form.getByRole('combobox', { name: 'Model' }),
      form.getByRole('combobox', { name: 'Variety' }),
      generate,
    ]) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    expect(await sidewaysScrollers(page)).toEqual([]);

    // The limits, said beside the field, fit too.
    const count = form.getByLabel('# ideas:');
    await count.fill('51');
    await expect(form.getByRole('alert')).toHaveText('Choose between 1 and 50 ideas.');
    await expect(form.getByRole('alert')).toBeInViewport();
    await expect(count).toHaveAccessibleDescription('Choose between 1 and 50 ideas.');
    expect(await sidewaysScrollers(page)).toEqual([]);
    await expectNoAxeViolations(page);

    await chooseInGenerationForm(page, 'Provider', 'Offline sample ideas (no AI)');
    await chooseInGenerationForm(page, 'Variety', 'High — 3 candidates per idea');
    expect(await sidewaysScrollers(page)).toEqual([]);
    await form.getByLabel('# ideas:').fill('2');
    await generate.click();
    await expectProgress(page, '2 of 2 ideas');
    await expectNoAxeViolations(page);
  });
});
