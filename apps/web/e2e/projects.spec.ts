import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsAtBothWidths, sidewaysScrollers, signInAt } from './helpers';
import { alice } from './users';

const run = Date.now().toString(36);
const launch = `Launch ${run}`;
const target = `Target ${run}`;

async function createProject(page: Page, name: string, description = '') {
  await page.getByLabel('Name *').fill(name);
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
}

const activeProjects = (page: Page) => page.getByRole('region', { name: 'Active projects' });
const archivedProjects = (page: Page) => page.getByRole('region', { name: 'Archived projects' });

test('projects: create, file a brainstorm, filter, rename, archive, restore, delete moving it', async ({
  page,
}) => {
  await signInAt(page, alice);
  await page.getByRole('link', { name: 'Projects' }).first().click();
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await createProject(page, launch, 'Everything for the spring launch');
  await createProject(page, target);
  await expect(activeProjects(page).getByRole('row', { name: new RegExp(launch) })).toContainText(
    'Everything for the spring launch',
  );
  await expectNoAxeViolationsAtBothWidths(page);

  // The project's page, named in the trail, with a new brainstorm filed in it.
  await activeProjects(page).getByRole('link', { name: launch, exact: true }).click();
  await expect(page.getByRole('heading', { name: launch, level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText(launch);
  const projectId = /\/projects\/(\d+)/.exec(page.url())?.[1] ?? '';
  expect(projectId).not.toBe('');
  await page.getByRole('button', { name: 'New brainstorm' }).click();
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveText(launch);
  await page.getByLabel('Problem *').fill(`How might we launch ${run} on time?`);
  await page.getByRole('button', { name: 'Create Brainstorm' }).click();
  const brainstorm = `Launch ${run} on time`;
  await expect(page.getByRole('link', { name: brainstorm, exact: true })).toBeVisible();
  await expect(page.getByText('No saved ideas here yet')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  // The brainstorm list's project filter finds it.
  await page.goto('/brainstorms/');
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: launch, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`project=${projectId}`));
  await expect(page.getByRole('link', { name: brainstorm, exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);

  // Rename, archive (listed apart), restore.
  await page.goto('/projects');
  await page.getByRole('button', { name: `Rename ${launch}` }).click();
  const renamed = `${launch} renamed`;
  await page.getByRole('dialog').getByLabel('Name').fill(renamed);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(activeProjects(page).getByRole('link', { name: renamed })).toBeVisible();

  await page.getByRole('button', { name: `Archive ${renamed}` }).click();
  await expect(archivedProjects(page).getByRole('link', { name: renamed })).toBeVisible();
  await expect(activeProjects(page).getByRole('link', { name: renamed })).toHaveCount(0);
  await expectNoAxeViolationsAtBothWidths(page);
  await archivedProjects(page)
    .getByRole('button', { name: `Restore ${renamed}` })
    .click();
  await expect(activeProjects(page).getByRole('link', { name: renamed })).toBeVisible();

  // Delete, moving its brainstorm to the other project.
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${renamed}?` });
  await expect(dialog).toContainText('Its 1 brainstorm stay');
  await dialog.getByLabel('Move them to another project').check();
  await dialog.getByRole('combobox', { name: 'Move them to' }).click();
  await page.getByRole('option', { name: target, exact: true }).click();
  await expectNoAxeViolationsAtBothWidths(page);
  await dialog.getByRole('button', { name: 'Delete project' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: renamed })).toHaveCount(0);

  await activeProjects(page).getByRole('link', { name: target, exact: true }).click();
  await expect(page.getByRole('heading', { name: target, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: brainstorm, exact: true })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/projects');
  await expect(activeProjects(page).getByRole('link', { name: target, exact: true })).toBeVisible();
  expect(await sidewaysScrollers(page)).toEqual([]);
});
