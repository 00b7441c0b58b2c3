import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { makeUser } from '../../test/factories.js';
import type { Database } from '../db/client.js';
import errorHandler from './error-handler.js';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** What the database threw for a statement (drizzle wraps the driver's error in `cause`). */
async function errorOf(statement: ReturnType<typeof sql>) {
  try {
    await database.db.execute(statement);
  } catch (error) {
    return error;
  }
  throw new Error('the statement succeeded');
}

/** The answer to a request whose handler throws `error`. */
async function answerTo(error: unknown, body?: object) {
  const app = Fastify();
  await app.register(errorHandler);
  app.post('/', () => {
    throw error;
  });
  const response = await app.inject({ method: 'POST', url: '/', ...(body ? { body } : {}) });
  await app.close();
  return { status: response.statusCode, body: response.json<unknown>(), text: response.body };
}

/** A foreign key's refusal as drizzle hands it over, for a table of any name. */
const refusal = (detail: string) =>
  new Error('Failed query: insert into "widgets" ("gadget_id") values ($1)', {
    cause: Object.assign(new Error('violates foreign key constraint "widgets_gadget_id_fk"'), {
      code: '23503',
      detail,
    }),
  });

describe('a foreign key refusing a write', () => {
  it("answers 400 on the body's field naming the parent, however the body spells it", async () => {
    const error = refusal('Key (gadget_id)=(7) is not present in table "gadgets".');
    expect(await answerTo(error, { gadget: 7 })).toMatchObject({
      status: 400,
      body: { gadget: ['Invalid pk "7" - object does not exist.'] },
    });
    expect(await answerTo(error, { name: 'x', gadget_id: 7 })).toMatchObject({
      status: 400,
      body: { gadget_id: ['Invalid pk "7" - object does not exist.'] },
    });
  });

  it('answers 404 when no field of the body names the parent: the path did', async () => {
    for (const detail of [
      'Key (gadget_id)=(7) is not present in table "gadgets".',
      // What PostgreSQL says to a role that may not read the key.
      'Key is not present in table "gadgets".',
      '',
    ]) {
      for (const body of [undefined, { name: 'x' }]) {
        expect(await answerTo(refusal(detail), body)).toMatchObject({
          status: 404,
          body: { detail: 'Not found.' },
        });
      }
    }
  });

  it('answers 409 to removing a row others still name', async () => {
    const answer = await answerTo(
      refusal('Key (id)=(3) is still referenced from table "widgets".'),
    );
    expect(answer.status).toBe(409);
  });

  it("says nothing of the database's statement or tables", async () => {
    for (const detail of [
      'Key (gadget_id)=(7) is not present in table "gadgets".',
      'Key (id)=(3) is still referenced from table "widgets".',
    ]) {
      const { text } = await answerTo(refusal(detail), { gadget_id: 7 });
      expect(text).not.toMatch(/insert|widgets|gadgets|constraint|Key \(/i);
    }
  });

  it("maps the database's own errors, for each kind of refusal", async () => {
    const user = await makeUser(database.db);
    const missing = await errorOf(sql`insert into brainstorms (title, type, parameters,
      created_by, project_id) values ('t', 'classic', '{}', ${user.id}, 2147483647)`);
    expect(await answerTo(missing, { project: 2147483647 })).toMatchObject({
      status: 400,
      body: { project: ['Invalid pk "2147483647" - object does not exist.'] },
    });
    expect((await answerTo(missing, {})).status).toBe(404);

    await database.db.execute(sql`insert into projects (name, created_by)
      values ('Kept', ${user.id})`);
    const referenced = await errorOf(sql`delete from users where id = ${user.id}`);
    expect((await answerTo(referenced)).status).toBe(409);
  });
});
