import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { fieldError, HttpError, notFound } from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import { findDoneAnalysis, markApplied } from '../analysis/analysis.service.js';
import { findBrainstorm } from '../brainstorms/brainstorms.service.js';
import { brainstormOf, getIdea, lockBrainstormForWrite } from '../ideas/ideas.service.js';
import * as repository from './themes.repository.js';
import type { ThemeWithCount } from './themes.repository.js';
import { themesFromParameters } from './given-themes.js';
import {
  MAX_THEMES,
  type ThemeChanges,
  type ThemeCreateInput,
  type ThemeDto,
  type ThemeSplitInput,
  type ThemeSuggestionDto,
} from './themes.schemas.js';

/*
 * A brainstorm's themes are the team's (decision 027): any signed-in member may apply a
 * proposal, write, rename, merge, split and delete themes and move ideas between them. Every
 * change takes the brainstorm's row lock first, as the writes to its ideas do, so two people
 * changing its themes at the same moment take turns: the limit and the names are checked
 * against what the one before wrote.
 */

export const toThemeDto = (row: ThemeWithCount): ThemeDto => ({
  id: row.id,
  brainstorm: row.brainstormId,
  name: row.name,
  description: row.description,
  position: row.position,
  ideas_count: row.ideasCount,
  created_by: row.createdBy,
  created: isoDate(row.created),
  modified: isoDate(row.modified),
});

const missing = (field: string, id: number) =>
  fieldError(field, `Invalid pk "${id}" - object does not exist.`);

/** A brainstorm's themes, by position then id; 404 when there is no such brainstorm. */
export async function listThemes(db: Db, brainstormId: number): Promise<ThemeDto[]> {
  if (!(await findBrainstorm(db, brainstormId))) throw notFound();
  return (await repository.listThemes(db, brainstormId)).map(toThemeDto);
}

async function themeDto(db: Db, id: number): Promise<ThemeDto> {
  const row = await repository.findTheme(db, id);
  if (!row) throw notFound();
  return toThemeDto(row);
}

/** Locks the theme's brainstorm and answers the theme as it is then; 404 when it is gone. */
async function lockTheme(tx: Db, id: number) {
  const theme = await repository.findTheme(tx, id);
  if (!theme || !(await lockBrainstormForWrite(tx, theme.brainstormId))) throw notFound();
  // Read again under the lock: a delete or merge that held it may have removed it.
  const locked = await repository.findTheme(tx, id);
  if (!locked) throw notFound();
  return locked;
}

/** Refuses a name the brainstorm's other themes already have, case aside. */
async function checkName(tx: Db, brainstormId: number, name: string, except?: number) {
  if (await repository.themeNamed(tx, brainstormId, name, except)) {
    throw fieldError('name', `This brainstorm already has a theme named "${name}".`);
  }
}

/** Refuses a theme more than the brainstorm may have; answers where a new last one goes. */
async function checkRoom(tx: Db, brainstormId: number) {
  const tally = await repository.themeTally(tx, brainstormId);
  if (tally.count >= MAX_THEMES) {
    throw fieldError('name', `A brainstorm has at most ${MAX_THEMES} themes.`);
  }
  return tally.nextPosition;
}

/** Writes a theme, placed last, under the brainstorm's lock. */
export async function createTheme(
  db: Db,
  user: UserRow,
  brainstormId: number,
  input: ThemeCreateInput,
): Promise<ThemeDto> {
  const id = await db.transaction(async (tx) => {
    if (!(await lockBrainstormForWrite(tx, brainstormId))) throw notFound();
    const position = await checkRoom(tx, brainstormId);
    await checkName(tx, brainstormId, input.name);
    const theme = await repository.insertTheme(tx, {
      brainstormId,
      name: input.name,
      description: input.description,
      position,
      createdBy: user.id,
    });
    return theme.id;
  });
  return themeDto(db, id);
}

/**
 * Starts the board with the themes the brainstorm was given when it was created, in their order,
 * once: under the brainstorm's lock, so that of two people starting it at once the second finds
 * the themes there and is answered 409.
 */
export async function startFromGivenThemes(
  db: Db,
  user: UserRow,
  brainstormId: number,
): Promise<ThemeDto[]> {
  await db.transaction(async (tx) => {
    if (!(await lockBrainstormForWrite(tx, brainstormId))) throw notFound();
    const brainstorm = await findBrainstorm(tx, brainstormId);
    if (!brainstorm) throw notFound();
    const given = themesFromParameters(brainstorm.parameters.themes);
    if (given.length === 0) throw new HttpError(400, 'This brainstorm was given no themes.');
    if ((await repository.themeTally(tx, brainstormId)).count > 0) {
      throw new HttpError(409, 'This brainstorm has themes already.');
    }
    for (const [position, theme] of given.slice(0, MAX_THEMES).entries()) {
      await repository.insertTheme(tx, { brainstormId, ...theme, position, createdBy: user.id });
    }
  });
  return listThemes(db, brainstormId);
}

/** Renames, describes or moves a theme; only the fields sent are written. */
export async function updateTheme(db: Db, id: number, changes: ThemeChanges): Promise<ThemeDto> {
  await db.transaction(async (tx) => {
    const theme = await lockTheme(tx, id);
    if (changes.name !== undefined) await checkName(tx, theme.brainstormId, changes.name, id);
    const { name, description, position } = changes;
    const named = Object.entries({ name, description, position }).filter(
      ([, value]) => value !== undefined,
    );
    await repository.updateTheme(tx, id, Object.fromEntries(named));
  });
  return themeDto(db, id);
}

/** Deletes a theme; its ideas stay, unsorted. */
export async function deleteTheme(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTheme(tx, id);
    await repository.deleteTheme(tx, id);
  });
}

/** Moves a theme's ideas into another theme of its brainstorm and deletes it; answers `into`. */
export async function mergeTheme(db: Db, id: number, into: number): Promise<ThemeDto> {
  if (into === id) throw fieldError('into', 'A theme cannot be merged into itself.');
  await db.transaction(async (tx) => {
    const theme = await lockTheme(tx, id);
    const target = await repository.findTheme(tx, into);
    if (!target) throw missing('into', into);
    if (target.brainstormId !== theme.brainstormId) {
      throw fieldError('into', 'Choose a theme of the same brainstorm.');
    }
    await repository.moveThemeIdeas(tx, id, into);
    await repository.deleteTheme(tx, id);
    await repository.updateTheme(tx, into, {});
  });
  return themeDto(db, into);
}

/**
 * Moves some of a theme's ideas (with those stacked under them) into a new theme placed right
 * after it; answers the new theme.
 */
export async function splitTheme(
  db: Db,
  user: UserRow,
  id: number,
  input: ThemeSplitInput,
): Promise<ThemeDto> {
  const created = await db.transaction(async (tx) => {
    const theme = await lockTheme(tx, id);
    await checkRoom(tx, theme.brainstormId);
    await checkName(tx, theme.brainstormId, input.name);
    const ids = [...new Set(input.ideas)];
    const inTheme = await repository.ideasInTheme(tx, id, ids);
    const stranger = ids.find((idea) => !inTheme.has(idea));
    if (stranger !== undefined) {
      throw fieldError('ideas', `Idea ${stranger} is not in this theme.`);
    }
    await repository.shiftThemesAfter(tx, theme.brainstormId, theme.position);
    const split = await repository.insertTheme(tx, {
      brainstormId: theme.brainstormId,
      name: input.name,
      description: input.description,
      position: theme.position + 1,
      createdBy: user.id,
    });
    await repository.setIdeasTheme(tx, theme.brainstormId, ids, split.id);
    await repository.updateTheme(tx, id, {});
    return split.id;
  });
  return themeDto(db, created);
}

/**
 * Puts an idea into a theme of its brainstorm, or leaves it unsorted with null. The ideas
 * stacked under it as near-duplicates move with it: they are the same idea.
 */
export async function setIdeaTheme(db: Db, user: UserRow, ideaId: number, themeId: number | null) {
  const brainstormId = await brainstormOf(db, ideaId);
  if (brainstormId === null) throw notFound();
  await db.transaction(async (tx) => {
    if (!(await lockBrainstormForWrite(tx, brainstormId))) throw notFound();
    if (themeId !== null) {
      const theme = await repository.findTheme(tx, themeId);
      if (theme?.brainstormId !== brainstormId) throw missing('theme', themeId);
    }
    const moved = await repository.setIdeasTheme(tx, brainstormId, [ideaId], themeId);
    // The idea was deleted before the lock was taken.
    if (!moved.includes(ideaId)) throw notFound();
  });
  return getIdea(db, user, ideaId);
}

/**
 * Applies a finished themes proposal, once: the brainstorm's themes become the proposal's, in
 * its order, and its ideas that are still there (with those stacked under them) go into them.
 * 409 when someone applied it first; the themes of the one who did stay.
 */
export async function applyProposal(db: Db, user: UserRow, analysisId: number) {
  const run = await findDoneAnalysis(db, analysisId, 'themes');
  if (run.result?.kind !== 'themes') {
    throw new HttpError(400, 'This step has no themes to apply.');
  }
  const { proposal } = run.result;
  await db.transaction(async (tx) => {
    if (!(await lockBrainstormForWrite(tx, run.brainstormId))) throw notFound();
    await markApplied(tx, user, analysisId);
    await repository.deleteThemesOf(tx, run.brainstormId);
    for (const [position, proposed] of proposal.themes.entries()) {
      const theme = await repository.insertTheme(tx, {
        brainstormId: run.brainstormId,
        name: proposed.name,
        description: proposed.description,
        position,
        createdBy: user.id,
      });
      await repository.setIdeasTheme(tx, run.brainstormId, proposed.ideas, theme.id);
    }
  });
  return listThemes(db, run.brainstormId);
}

/**
 * A theme to suggest for each of the brainstorm's newest unsorted ideas, where one is alike
 * enough; worked out on each call, never stored.
 */
export async function suggestThemes(db: Db, brainstormId: number): Promise<ThemeSuggestionDto[]> {
  if (!(await findBrainstorm(db, brainstormId))) throw notFound();
  const rows = await repository.suggestThemes(db, brainstormId);
  return rows.map((row) => ({
    idea: row.idea,
    theme: row.theme,
    score: Math.round(row.score * 1000) / 1000,
  }));
}
