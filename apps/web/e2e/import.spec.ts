import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  accessToken,
  createBrainstormViaApi,
  expectNoAxeViolations,
  sidewaysScrollers,
  signInAt,
} from './helpers';
import { alice } from './users';

const run = Date.now().toString(36);

/** A CSV file for the file input, made in memory. */
const csvFile = (text: string) => ({
  name: 'ideas.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(text),
});

/** No violations at the desktop width and at 375 px, the narrowest phone; the width is put back. */
async function expectNoAxeViolationsAt1280And375(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  expect(await sidewaysScrollers(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('import: a file with a bad row is refused in the preview, a fixed one imported, an export read back', async ({
  page,
  request,
}) => {
  const token = await accessToken(request, alice);
  const id = await createBrainstormViaApi(request, token, `Imports ${run}`);
  await signInAt(page, alice, `/brainstorms/${id}/`);
  const ideas = page.getByRole('region', { name: 'Ideas' });
  await expect(ideas.getByText('No ideas found for this brainstorm.')).toBeVisible();

  // A file with a row without a title: the preview says so, and the import stays off.
  await ideas.getByRole('button', { name: 'Import ideas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import ideas' });
  const input = dialog.getByLabel('File (CSV or JSON)');
  await input.setInputFiles(
    csvFile('title,summary\nWalking meetings,Outdoors\n,No title here\n=1+1,A formula\n'),
  );
  await expect(dialog.getByText('Error in title: This field may not be blank.')).toBeVisible();
  await expect(dialog.getByText('3 ideas in the file: 2 ready, 1 with errors')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 2 ideas' })).toBeDisabled();
  await expectNoAxeViolationsAt1280And375(page);

  // The fixed file imports; the dialog closes and says how many.
  await input.setInputFiles(
    csvFile(
      'title,summary\nWalking meetings,Outdoors\nWritten status board,On the wiki\n=1+1,A formula\n',
    ),
  );
  await expect(dialog.getByText('3 ideas in the file: 3 ready.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 3 ideas' }).click();
  await expect(dialog).toBeHidden();
  await expect(ideas.getByRole('status').filter({ hasText: 'Imported 3 ideas.' })).toBeVisible();
  for (const title of ['Walking meetings', 'Written status board', '=1+1']) {
    await expect(ideas.getByRole('row').filter({ hasText: title })).toHaveCount(1);
  }
  await expectNoAxeViolationsAt1280And375(page);

  // The CSV export, imported into another brainstorm, gives the same ideas, the formula too.
  const downloading = page.waitForEvent('download');
  await ideas.getByRole('button', { name: 'Export CSV' }).click();
  const exported = await readFile(await (await downloading).path(), 'utf8');
  expect(exported).toContain(",'=1+1,");
  const copy = await createBrainstormViaApi(request, token, `Imports copy ${run}`);
  await page.goto(`/brainstorms/${copy}/`);
  await ideas.getByRole('button', { name: 'Import ideas' }).click();
  await dialog.getByLabel('File (CSV or JSON)').setInputFiles(csvFile(exported));
  await expect(dialog.getByText('3 ideas in the file: 3 ready.')).toBeVisible();
  await expect(dialog.getByText('=1+1', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 3 ideas' }).click();
  await expect(ideas.getByRole('status').filter({ hasText: 'Imported 3 ideas.' })).toBeVisible();
  for (const title of ['Walking meetings', 'Written status board', '=1+1']) {
    await expect(ideas.getByRole('row').filter({ hasText: title })).toHaveCount(1);
  }
});
