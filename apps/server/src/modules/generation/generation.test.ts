import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  generationBody,
  generationConfig,
  makeRichBrainstorm,
  waitForGeneration,
} from '../../../test/generation-helpers.js';
import { ideas } from '../../db/schema/ideas.js';
import type { UserRow } from '../../db/schema/users.js';
import type { GenerationDto } from './generation.schemas.js';

let t: TestApp;
let alice: UserRow;
let bob: UserRow;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  t = await createTestApp(
    generationConfig({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODELS: 'gpt-a, gpt-b',
      OLLAMA_BASE_URL: 'http://127.0.0.1:9',
      OLLAMA_MODELS: 'llama-x',
    }),
  );
  alice = await makeUser(t.db);
  bob = await makeUser(t.db);
  api = apiAs(t.app);
});
afterAll(() => t.close());

describe('GET /api/llm-providers/', () => {
  it('lists the configured providers in order, the offline one last, to signed-in users', async () => {
    const response = await api(alice, 'GET', '/api/llm-providers/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        provider: 'openai',
        name: 'OpenAI',
        models: ['gpt-a', 'gpt-b'],
        default_model: 'gpt-a',
        // OpenAI embeds ideas with its default embedding model.
        capabilities: ['generate', 'embed', 'cluster', 'assess', 'rank', 'combine', 'judge'],
      },
      {
        provider: 'ollama',
        name: 'Ollama',
        models: ['llama-x'],
        default_model: 'llama-x',
        capabilities: ['generate', 'cluster', 'assess', 'rank', 'combine', 'judge'],
      },
      {
        provider: 'offline',
        name: 'Offline sample ideas (no AI)',
        models: ['sample-ideas'],
        default_model: 'sample-ideas',
        capabilities: ['generate', 'cluster'],
      },
    ]);
    expect((await api(null, 'GET', '/api/llm-providers/')).statusCode).toBe(401);
  });
});

describe('POST /api/brainstorms/{id}/brainstorm/ — validation before anything is queued', () => {
  const cases: [string, object, Record<string, string[]>][] = [
    [
      'no workers',
      { num_workers: 0, worker_params: [] },
      {
        num_workers: ['Too small: expected number to be >=1'],
        worker_params: ['Too small: expected array to have >=1 items'],
      },
    ],
    [
      'more than 50',
      generationBody(51),
      {
        num_workers: ['Too big: expected number to be <=50'],
        worker_params: ['Too big: expected array to have <=50 items'],
      },
    ],
    [
      'one entry short',
      { ...generationBody(3), num_workers: 4 },
      { worker_params: ['Give exactly one entry per worker: 4 expected, 3 given.'] },
    ],
    [
      'a provider that is not configured',
      generationBody(2, 'anthropic', 'claude'),
      {
        'worker_params.0.provider': [
          "'anthropic' is not a configured provider. Choose one of: openai, ollama, offline.",
        ],
        'worker_params.1.provider': [
          "'anthropic' is not a configured provider. Choose one of: openai, ollama, offline.",
        ],
      },
    ],
    [
      'a model the provider does not serve',
      generationBody(1, 'openai', 'gpt-z'),
      {
        'worker_params.0.model': ["'gpt-z' is not a model of OpenAI. Choose one of: gpt-a, gpt-b."],
      },
    ],
    [
      'settings out of range',
      generationBody(1, 'offline', 'sample-ideas', { temperature: 2.5, max_tokens: 8001 }),
      {
        'worker_params.0.settings.temperature': ['Too big: expected number to be <=2'],
        'worker_params.0.settings.max_tokens': ['Too big: expected number to be <=8000'],
      },
    ],
    [
      'max_tokens below one and not whole',
      generationBody(1, 'offline', 'sample-ideas', { temperature: -0.1, max_tokens: 0.5 }),
      {
        'worker_params.0.settings.temperature': ['Too small: expected number to be >=0'],
        'worker_params.0.settings.max_tokens': ['Invalid input: expected int, received number'],
      },
    ],
    [
      'missing fields',
      { worker_params: [{}] },
      {
        num_workers: ['This field is required.'],
        'worker_params.0.provider': ['This field is required.'],
        'worker_params.0.model': ['This field is required.'],
      },
    ],
  ];

  it.each(cases)('refuses %s with field errors and queues nothing', async (_, body, errors) => {
    const brainstorm = await makeRichBrainstorm(t.db, alice);
    const response = await api(
      alice,
      'POST',
      `/api/brainstorms/${brainstorm.id}/brainstorm/`,
      body,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(errors);
    const list = await api(alice, 'GET', `/api/brainstorms/${brainstorm.id}/generations/`);
    expect(list.json()).toMatchObject({ count: 0 });
  });

  it('answers 404 for a brainstorm that does not exist, and 401 without a session', async () => {
    const missing = await api(
      alice,
      'POST',
      '/api/brainstorms/999999/brainstorm/',
      generationBody(1),
    );
    expect(missing.statusCode).toBe(404);
    const anonymous = await api(null, 'POST', '/api/brainstorms/1/brainstorm/', generationBody(1));
    expect(anonymous.statusCode).toBe(401);
    expect((await api(alice, 'GET', '/api/generations/999999/')).statusCode).toBe(404);
    expect((await api(alice, 'GET', '/api/brainstorms/999999/generations/')).statusCode).toBe(404);
  });
});

describe('generating with the offline provider', () => {
  it('answers 202 at once, then stores every idea with its provenance', async () => {
    const brainstorm = await makeRichBrainstorm(t.db, alice, { type: 'six_thinking_hats' });
    const response = await api(
      bob,
      'POST',
      `/api/brainstorms/${brainstorm.id}/brainstorm/`,
      generationBody(6, 'offline', 'sample-ideas', { temperature: 1.1, max_tokens: 300 }),
    );
    expect(response.statusCode, response.body).toBe(202);
    const started = response.json<GenerationDto>();
    expect(started).toMatchObject({
      brainstorm: brainstorm.id,
      created_by: bob.id,
      requested: 6,
      failed: 0,
    });
    expect(['queued', 'running', 'done']).toContain(started.status);

    const finished = await waitForGeneration(t.app, bob, started.id);
    expect(finished).toMatchObject({ status: 'done', succeeded: 6, failed: 0, failures: [] });
    expect(finished.finished).not.toBeNull();
    // Each slot took its own angle: the six hats, one each.
    expect(new Set(finished.slots.map((s) => s.angle)).size).toBe(6);
    expect(finished.slots.every((s) => s.status === 'done' && s.idea !== null)).toBe(true);

    const stored = await t.db.select().from(ideas).where(eq(ideas.generationId, started.id));
    expect(stored).toHaveLength(6);
    expect(new Set(stored.map((i) => i.generationSlot))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    for (const idea of stored) {
      expect(idea).toMatchObject({
        brainstormId: brainstorm.id,
        createdBy: null,
        provider: 'offline',
        model: 'sample-ideas',
        technique: 'six_thinking_hats',
        promptVersion: 'six_thinking_hats@2',
        settings: { temperature: 1.1, max_tokens: 300 },
        inputTokens: 0,
        outputTokens: 0,
      });
      expect(idea.title.length).toBeGreaterThan(0);
      expect(idea.summary.length).toBeGreaterThan(0);
      expect(idea.description.length).toBeGreaterThan(0);
    }
    expect(new Set(stored.map((i) => i.title)).size).toBe(6);

    const list = await api(alice, 'GET', `/api/brainstorms/${brainstorm.id}/generations/`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      count: 1,
      results: [{ id: started.id, status: 'done', created_by: bob.id }],
    });
  });

  it('writes 50 ideas about the problem’s own people, then 50 more, no title twice', async () => {
    const carol = await makeUser(t.db);
    const problem = 'How might we help teenagers sleep more?';
    const themes = ['screens', 'sport'];
    const brainstorm = await makeRichBrainstorm(t.db, carol, {
      type: 'crazy_eights',
      problem,
      themes,
    });
    const generate = async () => {
      const response = await api(
        carol,
        'POST',
        `/api/brainstorms/${brainstorm.id}/brainstorm/`,
        generationBody(50),
      );
      expect(response.statusCode, response.body).toBe(202);
      const { id } = response.json<GenerationDto>();
      const finished = await waitForGeneration(t.app, carol, id);
      expect(finished).toMatchObject({ status: 'done', succeeded: 50 });
      return t.db.select().from(ideas).where(eq(ideas.generationId, id));
    };
    const first = await generate();
    const second = await generate();
    const key = (title: string) => title.trim().toLowerCase();
    expect(new Set(first.map((idea) => key(idea.title))).size).toBe(50);
    expect(new Set([...first, ...second].map((idea) => key(idea.title))).size).toBe(100);
    const quoted = [problem, 'help teenagers sleep more'].map((text) => text.toLowerCase());
    for (const idea of [...first, ...second]) {
      const text = `${idea.title}\n${idea.summary}\n${idea.description}`;
      expect(idea.description).toContain('teenagers');
      expect(text).not.toMatch(/managers|night shift/i);
      for (const field of [idea.title, idea.summary, idea.description]) {
        for (const whole of quoted) expect(field.toLowerCase()).not.toContain(whole);
      }
    }
    for (const theme of themes) {
      expect(first.some((idea) => idea.title.toLowerCase().includes(theme))).toBe(true);
    }
  });

  /** Bob asks for one idea in a brainstorm of Alice's: the brainstorm and the idea's id. */
  async function bobGeneratesForAlice() {
    const brainstorm = await makeRichBrainstorm(t.db, alice);
    const response = await api(
      bob,
      'POST',
      `/api/brainstorms/${brainstorm.id}/brainstorm/`,
      generationBody(1),
    );
    const finished = await waitForGeneration(t.app, bob, response.json<GenerationDto>().id);
    return { brainstorm, idea: finished.slots[0]?.idea ?? 0 };
  }

  it('credits a generated idea to nobody: whoever asked for it may not change it', async () => {
    // The idea is not Bob's to change, but Alice's.
    const { idea: generated } = await bobGeneratesForAlice();
    const url = `/api/ideas/${generated}/`;
    const idea = await api(bob, 'GET', url);
    expect(idea.json()).toMatchObject({ created_by: null });
    expect((await api(bob, 'PATCH', url, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await api(bob, 'DELETE', url)).statusCode).toBe(403);
    expect((await api(alice, 'PATCH', url, { title: 'Kept' })).statusCode).toBe(200);
  });

  it('takes the author off ideas generated before, whoever asked for them', async () => {
    const { brainstorm, idea: generated } = await bobGeneratesForAlice();
    const written = await api(bob, 'POST', '/api/ideas/', {
      brainstorm: brainstorm.id,
      title: 'By hand',
    });
    // As the ideas of a generation were stored until migration 0010.
    await t.db.update(ideas).set({ createdBy: bob.id }).where(eq(ideas.id, generated));
    const migration = new URL(
      '../../db/migrations/0010_generated_ideas_have_no_author.sql',
      import.meta.url,
    );
    await t.db.execute(sql.raw(readFileSync(migration, 'utf8')));
    const authors = await t.db
      .select({ id: ideas.id, createdBy: ideas.createdBy })
      .from(ideas)
      .where(eq(ideas.brainstormId, brainstorm.id))
      .orderBy(ideas.id);
    expect(authors).toEqual([
      { id: generated, createdBy: null },
      { id: written.json<{ id: number }>().id, createdBy: bob.id },
    ]);
  });

  it('lists a brainstorm’s generations newest first, paged', async () => {
    const brainstorm = await makeRichBrainstorm(t.db, alice);
    const ids: number[] = [];
    for (const count of [1, 2, 3]) {
      const response = await api(
        alice,
        'POST',
        `/api/brainstorms/${brainstorm.id}/brainstorm/`,
        generationBody(count),
      );
      const { id } = response.json<GenerationDto>();
      await waitForGeneration(t.app, alice, id);
      ids.push(id);
    }
    const page = await api(
      alice,
      'GET',
      `/api/brainstorms/${brainstorm.id}/generations/?page_size=2`,
    );
    expect(page.json()).toMatchObject({
      count: 3,
      results: [
        { id: ids[2], requested: 3 },
        { id: ids[1], requested: 2 },
      ],
    });
    expect(page.json<{ next: string }>().next).toContain('page=2');
  });
});
