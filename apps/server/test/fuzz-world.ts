import { createHash } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/client.js';
import { users, type UserRow } from '../src/db/schema/users.js';
import { hashPassword } from '../src/lib/passwords.js';
import type { TestApp } from './app.js';
import { authHeaders, TEST_PASSWORD } from './factories.js';
import { DISTINCT_IDEAS, VALID_BODIES } from './operation-fixtures.js';
import { insertDoneRanking, insertDoneThemes } from './theme-fixtures.js';
import { insertFinishedDelivery, insertWebhook } from './webhook-fixtures.js';
import { encodeRequest, type ConcreteRequest } from './fuzz-request.js';
import {
  FixtureId,
  KnownString,
  RawText,
  type Credential,
  type RequestSpec,
} from './openapi-arbitraries.js';
import type { OperationEntry } from './openapi-document.js';
import { mutate } from './request-mutation.js';

const FIXTURES_PER_KIND = 3;
/** Themes 1 to 4, in the first brainstorm. */
const FIXTURE_THEMES = 4;

/** The tables whose rows requests name by id. */
const ID_TABLES = [
  'users',
  'projects',
  'brainstorms',
  'ideas',
  'generations',
  'analyses',
  'themes',
  'idea_annotations',
  'idea_reactions',
  'idea_comments',
  'personal_access_tokens',
  'webhooks',
] as const;

/**
 * The provider and model the fuzzed app offers, by field name: its language-model provider, which
 * can do every sense-making step (the offline one cannot), at an address that answers nothing.
 */
const OFFERED_MODEL: Record<string, string> = {
  provider: 'openai_compatible',
  model: 'fake-model',
};

/** Files of ideas an import's `content` gets, CSV or JSON, so that random imports can succeed. */
const IMPORT_FILES = ['title\nQuiet carriages\n', '[{"title": "Bike racks", "summary": "Near"}]'];

/** A brainstorm's views of its assessments: known good with any brainstorm. */
const ASSESSMENT_READS = new Set([
  'GET /api/brainstorms/{id}/assessments/',
  'GET /api/brainstorms/{id}/disagreements/',
]);

/** The table whose id a field holds, or a path's `{id}` after its resource. */
const ID_FIELDS = new Map<string, (typeof ID_TABLES)[number]>([
  ['users/id', 'users'],
  ['projects/id', 'projects'],
  ['brainstorms/id', 'brainstorms'],
  ['ideas/id', 'ideas'],
  ['generations/id', 'generations'],
  ['analyses/id', 'analyses'],
  ['themes/id', 'themes'],
  ['annotations/id', 'idea_annotations'],
  ['reactions/id', 'idea_reactions'],
  ['comments/id', 'idea_comments'],
  ['tokens/id', 'personal_access_tokens'],
  ['webhooks/id', 'webhooks'],
  ['user_id', 'users'],
  ['project', 'projects'],
  ['move_to', 'projects'],
  ['brainstorm', 'brainstorms'],
  ['idea', 'ideas'],
  ['idea_id', 'ideas'],
  ['ideas', 'ideas'],
  ['of', 'ideas'],
  ['ideas', 'ideas'],
  ['theme', 'themes'],
  ['into', 'themes'],
  ['annotation_id', 'idea_annotations'],
]);

export interface PreparedRequest extends InjectOptions {
  method: OperationEntry['method'];
  url: string;
  headers: Record<string, string>;
  /** Who sent it and how, for failure reports (tokens themselves are noise). */
  description: string;
  source: ConcreteRequest;
}

/**
 * The database the fuzzer works on: a staff user and a member to send requests as, two other
 * users, a few projects and brainstorms. Requests may change or delete any of them, so the
 * actors are restored before each request and deleted fixtures are replaced after one that wrote.
 */
export class FuzzWorld {
  private staff!: UserRow;
  private member!: UserRow;
  /** Every fixture's id, of whatever table, and each table's. */
  private ids: number[] = [];
  private idsOf = new Map<string, number[]>();
  private knownStrings: string[] = [];
  private readonly jar = new Map<string, string>();
  /** Requests of the current operation that succeeded: the bases for mutations. */
  private successes: ConcreteRequest[] = [];
  private readonly passwordHash = hashPassword(TEST_PASSWORD);
  /**
   * The next transaction id when the fixtures were last topped up, or null once anything may
   * have written since: a request that wrote nothing (no transaction of it took an id, not even
   * one rolled back) left the world as the top-up did, so the next top-up is skipped.
   */
  private settledAt: string | null = null;

  constructor(private readonly t: TestApp) {}

  /**
   * Empties every table and seeds the fixtures again, so each operation starts alike. For an
   * operation whose valid-by-schema requests almost never succeed (a sign-in needs a real email
   * and its password), answers a request known to succeed: sent first, it gives the mutations
   * a success to start from.
   */
  async reset(entry: OperationEntry): Promise<ConcreteRequest | null> {
    const rows = await selectRows<{ tablename: string }>(
      this.t.db,
      sql`select tablename from pg_tables where schemaname = 'public'`,
    );
    const tables = rows.map((r) => `"${r.tablename}"`).join(', ');
    await this.t.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
    this.jar.clear();
    this.successes = [];
    this.staff = await this.insertUser('fuzz-staff@example.com', true);
    this.member = await this.insertUser('fuzz-member@example.com', false);
    await this.insertUser('victim-one@example.com', false);
    await this.insertUser('victim-two@example.com', false);
    await this.topUp();
    await this.topUpReviews();
    await this.topUpGenerations();
    await this.topUpAnalyses();
    await this.topUpAssessments();
    await this.topUpThemes();
    await this.insertTokens();
    await this.topUpWebhooks();
    const signIn = await this.t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { email: this.member.email, password: TEST_PASSWORD },
    });
    this.keepCookies(signIn);
    await this.refreshPools();
    this.settledAt = await this.nextTransactionId();
    return this.example(entry.key);
  }

  /**
   * A request known to succeed (its body is the one the other every-operation tests send), for
   * the operations that random ones rarely get right: a sign-in, a new user or token, a revoke of
   * the member's own token, a generation (also from an idea), an import (random text is seldom a
   * file of ideas), a change to the member's own idea, an idea marked as repeating another of its
   * brainstorm, the member's own annotation, comment or reaction (most fixture ids are other
   * users'), a board started with the themes a brainstorm was given, the views of a
   * brainstorm's or an idea's assessments, and a call of an MCP tool.
   */
  private async example(key: string): Promise<ConcreteRequest | null> {
    const [method = '', path = ''] = key.split(' ');
    let id: number | undefined;
    let of: number | undefined;
    let themed: { body?: object; id: number } | undefined;
    let deliveryId: number | undefined;
    if (path.startsWith('/api/webhooks/')) {
      const hook = await this.someWebhook();
      id = path.includes('{id}') ? hook?.id : undefined;
      deliveryId = path.includes('{deliveryId}') ? hook?.deliveryId : undefined;
    } else if (key === 'POST /api/brainstorms/{id}/brainstorm/') {
      id = await this.someBrainstorm();
    } else if (path.startsWith('/api/brainstorms/{id}/analyses/') && method === 'POST') {
      id = await this.someBrainstorm();
    } else if (ASSESSMENT_READS.has(key)) {
      id = await this.someBrainstorm();
    } else if (key === 'GET /api/ideas/{id}/assessments/') {
      id = await this.ownIdea();
    } else if (key === 'POST /api/brainstorms/{id}/themes/' || path.includes('/import/')) {
      id = await this.someBrainstorm();
    } else if (key === 'POST /api/brainstorms/{id}/themes/from-parameters/') {
      id = await this.givenThemesOnly();
      if (id === undefined) return null;
    } else if (
      path.startsWith('/api/themes/') ||
      path.endsWith('/theme/') ||
      path.endsWith('/apply/')
    ) {
      themed = await this.themeExample(key);
      if (!themed) return null;
      id = themed.id;
    } else if (path.startsWith('/api/idea-annotations/') && path.includes('{id}')) {
      id = await this.ownReview(path);
      if (id === undefined) return null;
    } else if (key === 'PUT /api/ideas/{id}/' || key === 'PATCH /api/ideas/{id}/') {
      id = await this.ownIdea();
    } else if (path.endsWith('/more-like-this/') || path.endsWith('/flip-it/')) {
      // Fixture ideas are in brainstorms of the default technique, the Bad Idea Contest.
      id = await this.ownIdea();
    } else if (key === 'POST /api/ideas/{id}/mark-duplicate/') {
      const pair = await this.twoIdeasOfOneBrainstorm();
      if (!pair) return null;
      id = pair.idea;
      of = pair.of;
    } else if (key === 'DELETE /api/tokens/{id}/') {
      id = await this.ownToken();
    } else if (
      ![
        'POST /api/auth/token/',
        'POST /api/users/',
        'POST /api/tokens/',
        'POST /api/mcp/',
      ].includes(key)
    ) {
      return null;
    }
    const body =
      of !== undefined
        ? { of }
        : (themed?.body ??
          VALID_BODIES[key]?.(this.member) ??
          (method === 'POST' || method === 'PUT' ? {} : undefined));
    const staffOnly = key === 'POST /api/users/' || path.startsWith('/api/webhooks/');
    return {
      actor: staffOnly ? 'staff' : 'member',
      credential: 'session',
      forgery: 0,
      address: '127.0.0.1',
      cookies: 'none',
      path: { ...(id !== undefined && { id }), ...(deliveryId !== undefined && { deliveryId }) },
      query: [],
      body: body
        ? { kind: 'json', value: body, contentType: 'application/json' }
        : { kind: 'none' },
    };
  }

  /**
   * The path's id and body of a known good request to the theme operations: the first theme of
   * a brainstorm with the second to merge into and an idea of the first to split off, an idea and
   * a theme of its brainstorm, or a themes proposal not applied yet.
   */
  private async themeExample(key: string): Promise<{ body?: object; id: number } | undefined> {
    const [pair] = await selectRows<{ theme: number; sibling: number; idea: number | null }>(
      this.t.db,
      sql`select a.id as theme, b.id as sibling,
          (select i.id from ideas i where i.theme_id = a.id order by i.id limit 1) as idea
        from themes a join themes b on b.brainstorm_id = a.brainstorm_id and b.id > a.id
        where exists (select 1 from ideas i where i.theme_id = a.id)
        order by a.id limit 1`,
    );
    switch (key) {
      case 'PATCH /api/themes/{id}/':
      case 'DELETE /api/themes/{id}/':
        return pair && { id: pair.theme };
      case 'POST /api/themes/{id}/merge/':
        return pair && { id: pair.theme, body: { into: pair.sibling } };
      case 'POST /api/themes/{id}/split/':
        return pair && { id: pair.theme, body: { name: 'Split off', ideas: [pair.idea] } };
      case 'PUT /api/ideas/{id}/theme/': {
        const [row] = await selectRows<{ idea: number; theme: number }>(
          this.t.db,
          sql`select i.id as idea, t.id as theme from ideas i
            join themes t on t.brainstorm_id = i.brainstorm_id order by i.id, t.id limit 1`,
        );
        return row && { id: row.idea, body: { theme: row.theme } };
      }
      case 'GET /api/analyses/{id}/shortlist/': {
        const [row] = await selectRows<{ id: number }>(
          this.t.db,
          sql`select id from analyses where kind = 'rank' and status = 'done' order by id limit 1`,
        );
        return row && { id: row.id };
      }
      case 'POST /api/analyses/{id}/apply/': {
        const [row] = await selectRows<{ id: number }>(
          this.t.db,
          sql`select id from analyses where kind = 'themes' and status = 'done'
            and applied is null order by id limit 1`,
        );
        return row && { id: row.id };
      }
      default:
        return undefined;
    }
  }

  /** A brainstorm given themes when it was created (each fixture one is), with none on its board. */
  private async givenThemesOnly(): Promise<number | undefined> {
    const [row] = await selectRows<{ id: number }>(
      this.t.db,
      sql`select b.id from brainstorms b
        where jsonb_array_length(b.parameters->'themes') > 0
          and not exists (select 1 from themes t where t.brainstorm_id = b.id)
        order by b.id limit 1`,
    );
    return row?.id;
  }

  /** An idea the member wrote, which the member may change. */
  private async ownIdea(): Promise<number | undefined> {
    const [row] = await selectRows<{ id: number }>(
      this.t.db,
      sql`select id from ideas where created_by = ${this.member.id} order by id limit 1`,
    );
    return row?.id;
  }

  /** A personal access token of the member's, which the member may revoke. */
  private async ownToken(): Promise<number | undefined> {
    const [row] = await selectRows<{ id: number }>(
      this.t.db,
      sql`select id from personal_access_tokens where user_id = ${this.member.id}
        order by id limit 1`,
    );
    return row?.id;
  }

  /**
   * The member's and the staff user's personal access tokens, a write and a read one each, so
   * that requests can be sent with them, revoking one can succeed and another's answers 404.
   */
  private async insertTokens(): Promise<void> {
    for (const user of [this.member, this.staff]) {
      for (const credential of ['write token', 'read token'] as const) {
        await this.usableToken(user, credential);
      }
    }
  }

  /**
   * The user's personal access token of this scope, inserted or made usable again (a request
   * may have revoked it): its secret is derived from the user and scope, so it is always known.
   */
  private async usableToken(user: UserRow, credential: Exclude<Credential, 'session'>) {
    const scope = credential === 'write token' ? 'write' : 'read';
    const digest = (text: string) => createHash('sha256').update(text).digest();
    const secret = digest(`fuzz ${user.email} ${scope}`).toString('base64url');
    const token = `ifp_${secret}`;
    await this.t.db.execute(sql`insert into personal_access_tokens
        (user_id, name, scope, token_hash, prefix, expires_at)
      values (${user.id}, ${`Fuzz ${scope} token`}, ${scope}, ${digest(token).toString('hex')},
        ${secret.slice(0, 8)}, now() + interval '30 days')
      on conflict (token_hash) do update set revoked_at = null, expires_at = excluded.expires_at
        where personal_access_tokens.revoked_at is not null
          or personal_access_tokens.expires_at < now() + interval '1 day'`);
    return token;
  }

  /** Two ideas of one brainstorm, the later to be marked as repeating the earlier. */
  private async twoIdeasOfOneBrainstorm(): Promise<{ idea: number; of: number } | undefined> {
    const [row] = await selectRows<{ idea: number; of: number }>(
      this.t.db,
      sql`select max(id) as idea, min(id) as of from ideas
        group by brainstorm_id having count(*) > 1 order by brainstorm_id limit 1`,
    );
    return row;
  }

  /** The id of one of the member's own annotations, comments or reactions, as `path` names. */
  private async ownReview(path: string): Promise<number | undefined> {
    const own = sql`a.user_id = ${this.member.id}`;
    const query = path.startsWith('/api/idea-annotations/annotations/')
      ? sql`select a.id from idea_annotations a where ${own}`
      : path.startsWith('/api/idea-annotations/comments/')
        ? sql`select c.id from idea_comments c join idea_annotations a
            on a.id = c.annotation_id where ${own}`
        : sql`select r.id from idea_reactions r join idea_annotations a
            on a.id = r.annotation_id where ${own}`;
    const [row] = await selectRows<{ id: number }>(this.t.db, sql`${query} order by 1 limit 1`);
    return row?.id;
  }

  async prepare(
    entry: OperationEntry,
    { mutation, resend, ...spec }: RequestSpec,
  ): Promise<PreparedRequest> {
    // Restoring the actors and their tokens may write; only the request's own writes count.
    const settled = this.settledAt !== null && (await this.nextTransactionId()) === this.settledAt;
    const fresh = this.resolveSpec(spec, entry.path);
    const earlier = (base: number) => this.successes[base % this.successes.length] ?? fresh;
    const source = mutation
      ? mutate(earlier(mutation.base), mutation, fresh)
      : resend
        ? { ...earlier(resend.base), ...this.sender(fresh) }
        : fresh;
    const headers: Record<string, string> = { ...(await this.credentials(source)) };
    const cookie = this.cookieHeader(source.cookies);
    if (cookie) headers.cookie = cookie;
    this.settledAt = settled ? await this.nextTransactionId() : null;
    const { url, payload, contentType } = encodeRequest(entry.path, source);
    if (contentType) headers['content-type'] = contentType;
    const how = mutation
      ? 'an earlier success with one value made hostile, '
      : resend
        ? 'an earlier success sent again, '
        : '';
    const signedIn = source.actor === 'staff' || source.actor === 'member';
    const credential = signedIn ? ` with a ${source.credential}` : '';
    return {
      method: entry.method,
      url,
      headers,
      remoteAddress: source.address,
      ...(payload === undefined ? {} : { payload }),
      description: `${how}as ${source.actor}${credential} from ${source.address}, cookies: ${source.cookies}`,
      source,
    };
  }

  /** Who sends a request, with which credential, from where and with which cookies. */
  private sender({ actor, credential, forgery, address, cookies }: ConcreteRequest) {
    return { actor, credential, forgery, address, cookies };
  }

  /** Keeps cookies the server set, and replaces fixtures that a request changed or deleted. */
  async observe(request: PreparedRequest, response: LightMyRequestResponse): Promise<void> {
    this.keepCookies(response);
    if (response.statusCode < 300) this.successes.push(request.source);
    if (request.method === 'GET') return;
    if (this.settledAt !== null && (await this.nextTransactionId()) === this.settledAt) return;
    await this.topUp();
    await this.topUpReviews();
    await this.topUpGenerations();
    await this.topUpAnalyses();
    await this.topUpAssessments();
    await this.topUpThemes();
    await this.topUpWebhooks();
    await this.refreshPools();
    this.settledAt = await this.nextTransactionId();
  }

  /** The id the next transaction that writes will take: it moves with every write, even undone. */
  private async nextTransactionId(): Promise<string> {
    const [row] = await selectRows<{ next: string }>(
      this.t.db,
      sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`,
    );
    return row?.next ?? '';
  }

  private async insertUser(email: string, isStaff: boolean): Promise<UserRow> {
    const [user] = await this.t.db
      .insert(users)
      .values({ email, password: await this.passwordHash, firstName: 'Fuzz', isStaff })
      .returning();
    if (!user) throw new Error(`could not insert ${email}`);
    return user;
  }

  /** Brings projects and brainstorms back to a few each, created through the API. */
  private async topUp(): Promise<void> {
    for (const [table, url, body] of [
      ['projects', '/api/projects/', () => ({ name: 'Fuzz project' })],
      [
        'brainstorms',
        '/api/brainstorms/',
        () => ({ title: 'Fuzz', parameters: { problem: 'Fewer meetings', themes: ['time'] } }),
      ],
      [
        'ideas',
        '/api/ideas/',
        (brainstorm: number) => ({ brainstorm, title: 'Fuzz idea', summary: '=1+1' }),
      ],
    ] as const) {
      const [count] = await selectRows<{ n: number }>(
        this.t.db,
        sql.raw(`select count(*)::int as n from ${table}`),
      );
      for (let i = count?.n ?? 0; i < FIXTURES_PER_KIND; i += 1) {
        const owner = i % 2 === 0 ? this.member : this.staff;
        const response = await this.t.app.inject({
          method: 'POST',
          url,
          headers: await authHeaders(this.t.app, await this.actorRow(owner)),
          payload: body(await this.someBrainstorm()),
        });
        if (response.statusCode !== 201) {
          throw new Error(`fixture POST ${url} answered ${response.statusCode}: ${response.body}`);
        }
      }
    }
  }

  /** One generation (offline, never run: the fuzzer starts no workers) for the {id} pools. */
  private async topUpGenerations(): Promise<void> {
    const [count] = await selectRows<{ n: number }>(
      this.t.db,
      sql`select count(*)::int as n from generations`,
    );
    if ((count?.n ?? 0) > 0) return;
    const response = await this.t.app.inject({
      method: 'POST',
      url: `/api/brainstorms/${await this.someBrainstorm()}/brainstorm/`,
      headers: await authHeaders(this.t.app, await this.actorRow(this.staff)),
      payload: {
        num_workers: 1,
        worker_params: [{ provider: 'offline', model: 'sample-ideas' }],
      },
    });
    if (response.statusCode !== 202) {
      throw new Error(`fixture generation answered ${response.statusCode}: ${response.body}`);
    }
  }

  /**
   * Ideas enough, and unlike enough, to find themes in every brainstorm, and one sense-making
   * step (offline keyword themes, never run: the fuzzer starts no workers) for the {id} pools.
   */
  private async topUpAnalyses(): Promise<void> {
    // Every brainstorm gets ideas enough to find themes in, so random requests can succeed; in
    // one statement, numbered in the order of one statement per title.
    const distinct = sql.join(
      DISTINCT_IDEAS.map(({ title, summary }, n) => sql`(${n}::int, ${title}, ${summary})`),
      sql`, `,
    );
    await this.t.db.execute(sql`insert into ideas (brainstorm_id, title, summary)
      select b.id, v.title, v.summary from brainstorms b, (values ${distinct}) as v(n, title, summary)
      where not exists (select 1 from ideas i where i.brainstorm_id = b.id and i.title = v.title)
      order by v.n, b.id`);
    const brainstorm = await this.someBrainstorm();
    const [count] = await selectRows<{ n: number }>(
      this.t.db,
      sql`select count(*)::int as n from analyses`,
    );
    if ((count?.n ?? 0) > 0) return;
    const response = await this.t.app.inject({
      method: 'POST',
      url: `/api/brainstorms/${brainstorm}/analyses/`,
      headers: await authHeaders(this.t.app, await this.actorRow(this.staff)),
      payload: { kind: 'themes', provider: 'offline', model: 'sample-ideas' },
    });
    if (response.statusCode !== 202) {
      throw new Error(`fixture analysis answered ${response.statusCode}: ${response.body}`);
    }
  }

  /**
   * A model's scores for the first brainstorm's ideas, written straight into the table under the
   * fixture step, so that the assessment views answer with rows.
   */
  private async topUpAssessments(): Promise<void> {
    await this.t.db.execute(sql`insert into idea_assessments (idea_id, analysis_id, provider,
        model, impact, effort, novelty, impact_reason, effort_reason, novelty_reason)
      select i.id, a.id, 'openai_compatible', 'fuzz-model', 1 + i.id % 5, 3, 2, 'Big', 'Small', 'New'
      from ideas i, (select id from analyses order by id limit 1) a
      where i.brainstorm_id = ${await this.someBrainstorm()}
      on conflict do nothing`);
  }

  /**
   * Themes 1 to 4 in the first brainstorm (straight into the table, with those ids again when a
   * request merged or deleted one, and none other there), the first holding all its ideas, and a
   * finished themes proposal, not applied (again), so that random requests to the theme
   * operations can succeed and so can the variations of an earlier success: any two themes
   * merge, a split's ideas are often all in its theme, an apply finds a proposal.
   */
  private async topUpThemes(): Promise<void> {
    const brainstorm = await this.someBrainstorm();
    for (const statement of [
      sql`delete from themes where brainstorm_id = ${brainstorm} and id > ${FIXTURE_THEMES}`,
      sql`insert into themes (id, brainstorm_id, name, position) overriding system value
        select n, ${brainstorm}, 'Fuzz theme ' || n, n - 1
        from generate_series(1, ${FIXTURE_THEMES}) as n
        where not exists (select 1 from themes t where t.id = n)`,
      sql`select setval(pg_get_serial_sequence('themes', 'id'),
        greatest((select max(id) from themes), ${FIXTURE_THEMES}))`,
      sql`update ideas set theme_id = 1
        where brainstorm_id = ${brainstorm} and theme_id is distinct from 1`,
      sql`update analyses set applied = null, applied_by = null where kind = 'themes'`,
    ]) {
      await this.t.db.execute(statement);
    }
    const [proposal] = await selectRows<{ id: number }>(
      this.t.db,
      sql`select id from analyses where kind = 'themes' and status = 'done' and applied is null`,
    );
    const ideas = await selectRows<{ id: number }>(
      this.t.db,
      sql`select id from ideas where brainstorm_id = ${brainstorm} order by id`,
    );
    const ids = ideas.map((row) => row.id);
    // A finished ranking, for its shortlist.
    const [ranking] = await selectRows<{ id: number }>(
      this.t.db,
      sql`select id from analyses where kind = 'rank' and status = 'done'`,
    );
    if (!ranking) await insertDoneRanking(this.t.db, brainstorm, this.staff.id, ids.slice(0, 3));
    if (proposal) return;
    await insertDoneThemes(this.t.db, brainstorm, this.staff.id, {
      themes: [
        { name: 'Fuzz proposal A', description: 'First', ideas: ids.slice(0, 2) },
        { name: 'Fuzz proposal B', description: 'Second', ideas: ids.slice(2, 4) },
      ],
      unsorted: ids.slice(4),
    });
  }

  /**
   * A webhook and a finished delivery of it (straight into the tables), for the staff's routes;
   * deliveries a retry put back to pending are finished again (no worker runs), so that a retry
   * of the same one can succeed again.
   */
  private async topUpWebhooks(): Promise<void> {
    await this.t.db.execute(sql`update webhook_deliveries set status = 'failed',
      finished_at = now() where status = 'pending'`);
    if (await this.someWebhook()) return;
    const [webhook] = await selectRows<{ id: number }>(
      this.t.db,
      sql`select id from webhooks order by id limit 1`,
    );
    await insertFinishedDelivery(this.t.db, webhook?.id ?? (await insertWebhook(this.t.db, null)));
  }

  /** The first webhook with a finished delivery, which a retry may send again. */
  private async someWebhook(): Promise<{ id: number; deliveryId: number } | undefined> {
    const [row] = await selectRows<{ id: number; deliveryId: number }>(
      this.t.db,
      sql`select w.id, d.id::int as "deliveryId" from webhooks w
        join webhook_deliveries d on d.webhook_id = w.id and d.status <> 'pending'
        order by w.id, d.id limit 1`,
    );
    return row;
  }

  private async someBrainstorm(): Promise<number> {
    const [row] = await selectRows<{ id: number }>(
      this.t.db,
      sql`select id from brainstorms order by id limit 1`,
    );
    return row?.id ?? 0;
  }

  /**
   * Reviews for the annotation routes: the member's, the staff user's and a victim's annotations
   * of the first two ideas, each with a reaction and a comment (straight into the tables;
   * triggers keep counts). Both actors have their own, which only they may change.
   */
  private async topUpReviews(): Promise<void> {
    for (const statement of [
      // Two ideas of one brainstorm, so that one can be marked as repeating the other.
      sql`insert into ideas (brainstorm_id, title)
          select b.id, v.title from (select id from brainstorms order by id limit 1) b,
            (values ('Fuzz idea'), ('Fuzz idea, again')) as v(title)
          where (select count(*) from ideas) < 2`,
      sql`insert into idea_annotations (user_id, idea_id, vote)
          select u.id, i.id, 1 from users u, (select id from ideas order by id limit 2) i
          where u.id in (${this.member.id}, ${this.staff.id}) or u.email = 'victim-one@example.com'
          on conflict do nothing`,
      sql`insert into idea_reactions (annotation_id, reaction_type)
          select id, 'laugh' from idea_annotations on conflict do nothing`,
      sql`insert into idea_comments (annotation_id, text)
          select a.id, 'Fuzz comment' from idea_annotations a
          where not exists (select 1 from idea_comments c where c.annotation_id = a.id)`,
    ]) {
      await this.t.db.execute(statement);
    }
  }

  private async refreshPools(): Promise<void> {
    const rows = await selectRows<{ kind: string; id: number }>(
      this.t.db,
      sql.raw(
        ID_TABLES.map((table) => `select '${table}' as kind, id from ${table}`).join(' union all '),
      ),
    );
    this.idsOf = new Map(ID_TABLES.map((table) => [table, []]));
    for (const { kind, id } of rows) this.idsOf.get(kind)?.push(id);
    this.ids = [...new Set(rows.map((r) => r.id))].sort((a, b) => a - b);
    const emails = await this.t.db.select({ email: users.email }).from(users);
    this.knownStrings = [TEST_PASSWORD, ...emails.map((u) => u.email)];
  }

  /**
   * An actor as it is now, put back to active (and staff, for the staff actor) if a request
   * changed that, and with a password of their own if staff reset it (a one-time one, decision
   * 043, would refuse the actor's next requests).
   */
  private async actorRow(actor: UserRow): Promise<UserRow> {
    const [row] = await this.t.db.select().from(users).where(eq(users.id, actor.id));
    if (!row) throw new Error(`actor ${actor.email} disappeared`);
    if (row.isActive && row.isStaff === actor.isStaff && !row.passwordMustChange) return row;
    const [restored] = await this.t.db
      .update(users)
      .set({ isActive: true, isStaff: actor.isStaff, passwordMustChange: false })
      .where(eq(users.id, actor.id))
      .returning();
    return restored ?? row;
  }

  /** The actor's web session, or its personal access token (made usable again) as asked. */
  private async signedIn(actor: UserRow, credential: Credential): Promise<Record<string, string>> {
    const user = await this.actorRow(actor);
    if (credential === 'session') return authHeaders(this.t.app, user);
    return { authorization: `Bearer ${await this.usableToken(user, credential)}` };
  }

  private async credentials(spec: ConcreteRequest): Promise<Record<string, string>> {
    switch (spec.actor) {
      case 'staff':
        return this.signedIn(this.staff, spec.credential);
      case 'member':
        return this.signedIn(this.member, spec.credential);
      case 'anonymous':
        return {};
      case 'forged': {
        const nobody = await authHeaders(this.t.app, { ...this.member, id: 2_000_000_000 });
        const forgeries = [
          'Bearer not-a-token',
          'Bearer ifp_NotAPersonalAccessTokenOfAnyoneAtAll0123456789',
          'Basic dXNlcjpwYXNz',
          'Bearer',
          nobody.authorization,
          `${nobody.authorization} extra`,
        ];
        return { authorization: forgeries[spec.forgery % forgeries.length] ?? '' };
      }
    }
  }

  private cookieHeader(mode: RequestSpec['cookies']): string | null {
    const names = [...this.jar.keys()];
    switch (mode) {
      case 'none':
        return null;
      case 'jar':
        return names.length > 0
          ? names.map((n) => `${n}=${this.jar.get(n) ?? ''}`).join('; ')
          : null;
      case 'garbage':
        return [...names, 'session'].map((n) => `${n}=not-a-real-token`).join('; ');
    }
  }

  private keepCookies(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.trim().split(/=(.*)/s);
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  private resolveSpec(spec: ConcreteRequest, path: string): ConcreteRequest {
    const { body } = spec;
    // The resource before `{id}` names the table: /api/idea-annotations/comments/{id}/.
    const resource = /\/([\w-]+)\/\{id\}/.exec(path)?.[1] ?? '';
    return {
      ...spec,
      path: Object.fromEntries(
        Object.entries(spec.path).map(([k, v]) => [k, this.resolve(v, `${resource}/${k}`)]),
      ),
      query: spec.query.map(([k, v]) => [k, this.resolve(v, typeof k === 'string' ? k : '')]),
      body: body.kind === 'json' ? { ...body, value: this.resolve(body.value) } : body,
    };
  }

  /**
   * Replaces the placeholders of a generated value with today's fixture ids and strings: an id
   * in a field or path that names a table is one of that table's, a known string in a field
   * named for a password is the users' password, and in an email field a user's email or a new
   * one.
   */
  private resolve(value: unknown, field = ''): unknown {
    if (value instanceof FixtureId) {
      const own = this.idsOf.get(ID_FIELDS.get(field) ?? '') ?? [];
      const ids = own.length > 0 ? own : this.ids;
      return ids[value.index % ids.length] ?? 1;
    }
    if (value instanceof KnownString) {
      // An email field gets a user's email, or as often one that no user has yet.
      if (field === 'email' && value.index % 2 === 1) return `new-${value.index}@example.com`;
      // A generation's provider and model get the one the fuzzed app offers (hostile ones come
      // from mutations), so that random requests can succeed.
      const offered = OFFERED_MODEL[field];
      if (offered !== undefined) return offered;
      if (field === 'content') return IMPORT_FILES[value.index % IMPORT_FILES.length];
      const known = field.includes('password')
        ? [TEST_PASSWORD]
        : field === 'email'
          ? this.knownStrings.filter((text) => text.includes('@'))
          : this.knownStrings;
      return known[Math.floor(value.index / (field === 'email' ? 2 : 1)) % known.length] ?? '';
    }
    if (Array.isArray(value)) return value.map((v) => this.resolve(v, field));
    if (value && typeof value === 'object' && !(value instanceof RawText)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.resolve(v, k)]));
    }
    return value;
  }
}

async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
