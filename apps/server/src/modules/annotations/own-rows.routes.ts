import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { pageOf, paginate, type Counted, type Pagination } from '../../lib/pagination.js';
import { actor } from '../../plugins/auth.js';

/** What the routes of one kind of the caller's own rows ask of its service. */
export interface OwnRowsService<Dto, Query, Input, Changes> {
  list(db: Db, user: UserRow, query: Query): Promise<Counted<Dto>>;
  /** `inserted` is false when the row asked for was there already. */
  create(db: Db, user: UserRow, input: Input): Promise<{ inserted: boolean; row: Dto }>;
  get(db: Db, user: UserRow, id: number): Promise<Dto>;
  update(db: Db, user: UserRow, id: number, changes: Changes): Promise<Dto>;
  remove(db: Db, user: UserRow, id: number): Promise<void>;
}

export interface OwnRows<
  Item extends z.ZodType,
  Query extends z.ZodType<Pagination>,
  Create extends z.ZodType,
  Put extends z.ZodType,
  Patch extends z.ZodType,
> {
  /** The collection's address, ending in '/'. */
  url: string;
  item: Item;
  schemas: { query: Query; create: Create; put: Put; patch: Patch };
  summaries: Record<'list' | 'create' | 'get' | 'put' | 'patch' | 'delete', string>;
  /** A create may find the row there is, and answers it with 200 instead of 201. */
  createMayFind: boolean;
  service: OwnRowsService<
    z.output<Item>,
    z.output<Query>,
    z.output<Create>,
    z.output<Put> | z.output<Patch>
  >;
}

/** A request's part as its schema, which has validated it, made it. */
const parsed = <S extends z.ZodType>(part: unknown, _schema: S) => part as z.output<S>;
const idOf = (request: FastifyRequest) => parsed(request.params, idParams).id;

/**
 * The routes of one kind of the caller's own rows (annotations, comments, reactions): list,
 * create, read, replace, change and delete. Anyone else's id answers 404.
 */
export function ownRowRoutes<
  Item extends z.ZodType,
  Query extends z.ZodType<Pagination>,
  Create extends z.ZodType,
  Put extends z.ZodType,
  Patch extends z.ZodType,
>(app: FastifyInstance, rows: OwnRows<Item, Query, Create, Put, Patch>) {
  const { url, item, schemas, summaries, service } = rows;
  const tags = ['idea-annotations'];
  const one = { 200: item, ...errorResponses(400, 401, 404) };

  app.get(
    url,
    {
      schema: {
        tags,
        summary: summaries.list,
        querystring: schemas.query,
        response: { 200: pageOf(item), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const query = parsed(request.query, schemas.query);
      return paginate(request, query, await service.list(app.db, actor(request), query));
    },
  );

  app.post(
    url,
    {
      schema: {
        tags,
        summary: summaries.create,
        body: schemas.create,
        response: {
          201: item,
          ...(rows.createMayFind ? { 200: item } : {}),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const input = parsed(request.body, schemas.create);
      const created = await service.create(app.db, actor(request), input);
      return reply.code(created.inserted ? 201 : 200).send(created.row);
    },
  );

  app.get(
    `${url}:id/`,
    { schema: { tags, summary: summaries.get, params: idParams, response: one } },
    (request) => service.get(app.db, actor(request), idOf(request)),
  );

  for (const [method, body, summary] of [
    ['PUT', schemas.put, summaries.put],
    ['PATCH', schemas.patch, summaries.patch],
  ] as const) {
    app.route({
      method,
      url: `${url}:id/`,
      schema: { tags, summary, params: idParams, body, response: one },
      handler: (request) =>
        service.update(app.db, actor(request), idOf(request), parsed(request.body, body)),
    });
  }

  app.delete(
    `${url}:id/`,
    {
      schema: {
        tags,
        summary: summaries.delete,
        params: idParams,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(app.db, actor(request), idOf(request));
      return reply.code(204).send();
    },
  );
}
