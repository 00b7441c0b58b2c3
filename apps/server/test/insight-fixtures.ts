import type { Db } from '../src/db/client.js';
import { brainstorms } from '../src/db/schema/brainstorms.js';
import { generations, generationSlots, type SlotStatus } from '../src/db/schema/generations.js';
import { projects } from '../src/db/schema/projects.js';
import type { UserRow } from '../src/db/schema/users.js';
import { insertIdeas } from './idea-factories.js';

export async function makeTypedBrainstorm(
  db: Db,
  owner: UserRow,
  type: string,
  projectId: number | null = null,
) {
  const [row] = await db
    .insert(brainstorms)
    .values({
      title: `A ${type} brainstorm`,
      type,
      parameters: { problem: 'p', themes: [], type },
      createdBy: owner.id,
      projectId,
    })
    .returning();
  if (!row) throw new Error('no brainstorm');
  return row;
}

export async function makeProject(db: Db, owner: UserRow, name = 'Insights') {
  const [row] = await db.insert(projects).values({ name, createdBy: owner.id }).returning();
  if (!row) throw new Error('no project');
  return row;
}

export interface SlotSpec {
  status: SlotStatus;
  inputTokens: number;
  outputTokens: number;
  /** For a done slot: what its stored idea says. */
  idea?: { technique: string; created?: Date };
}

/**
 * A generation of one provider and model with its slots written directly, and the ideas of its
 * done slots (their own tokens only their last call's, as the generator stores them). Returns
 * the ideas' ids, in slot order.
 */
export async function insertGeneration(
  db: Db,
  owner: UserRow,
  brainstormId: number,
  model: { provider: string; model: string },
  slots: SlotSpec[],
  created = new Date(),
): Promise<number[]> {
  const [generation] = await db
    .insert(generations)
    .values({ brainstormId, createdBy: owner.id, requested: slots.length, status: 'done', created })
    .returning();
  if (!generation) throw new Error('no generation');
  await db.insert(generationSlots).values(
    slots.map((spec, slot) => ({
      generationId: generation.id,
      slot,
      ...model,
      settings: {},
      angle: { key: 'k', label: 'l', instruction: 'i' },
      status: spec.status,
      inputTokens: spec.inputTokens,
      outputTokens: spec.outputTokens,
    })),
  );
  const ids: number[] = [];
  for (const [slot, spec] of slots.entries()) {
    if (!spec.idea) continue;
    const [idea] = await insertIdeas(db, brainstormId, [
      {
        ...model,
        technique: spec.idea.technique,
        inputTokens: Math.round(spec.inputTokens / 2),
        outputTokens: spec.outputTokens,
        generationId: generation.id,
        generationSlot: slot,
        created: spec.idea.created ?? created,
      },
    ]);
    if (idea) ids.push(idea.id);
  }
  return ids;
}
