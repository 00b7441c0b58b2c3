/**
 * The SQL ceiling's statements (see sql-ceiling-server.ts): for each endpoint, one statement in
 * which PostgreSQL checks the caller and builds the endpoint's whole answer as JSON text. They
 * are written for the benchmark's requests only (default ordering, no search, the first page),
 * not for every query the API takes; the benchmark checks that each answers what the server does.
 */
import { BRAINSTORM_TYPES } from '../src/modules/brainstorms/brainstorm-types.js';

/** What a statement is given: the caller from the token, the request, and the answer's links. */
export interface CeilingRequest {
  userId: number;
  sessionVersion: number;
  url: URL;
  body: string;
}

export interface CeilingStatement {
  /** A name of its own: each connection parses and plans it once. */
  name: string;
  text: string;
  values: (request: CeilingRequest) => unknown[];
}

/** A timestamp as the API writes one: ISO 8601 in UTC to the millisecond. */
const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** $1 and $2 are always the caller's id and session version: a session the API would refuse gets null. */
const CALLER = `exists (select 1 from users where id = $1 and is_active and session_version = $2)`;

const annotationJson = (a: string) => `json_build_object(
  'id', ${a}.id, 'user', ${a}.user_id, 'idea', ${a}.idea_id, 'vote', ${a}.vote,
  'is_bookmarked', ${a}.is_bookmarked, 'is_hidden', ${a}.is_hidden,
  'reactions', coalesce((select json_agg(json_build_object('id', r.id,
      'reaction_type', r.reaction_type, 'created', ${iso('r.created')},
      'modified', ${iso('r.modified')}) order by r.created, r.id)
    from idea_reactions r where r.annotation_id = ${a}.id), '[]'),
  'comments', '[' || coalesce((select string_agg(row_to_json(c)::text, ',' order by c.created, c.id)
    from (select id, text, ${iso('created')} as created, ${iso('modified')} as modified
      from idea_comments where annotation_id = ${a}.id) c), '') || ']',
  'created', ${iso(`${a}.created`)}, 'modified', ${iso(`${a}.modified`)})`;

/** An idea as the API shows it, with `i`, its brainstorm `b` and the caller's annotation `m`. */
function ideaJson(withAnnotation: boolean) {
  const hidden = '(b.blind_review and m.id is null)';
  const unlessHidden = (value: string) => `case when ${hidden} then null else ${value} end`;
  const annotation = withAnnotation
    ? `, 'user_annotation', case when m.id is null then null else ${annotationJson('m')} end,
       'annotation', case when m.id is null then null else ${annotationJson('m')} end`
    : '';
  // Steering withheld under blind review from a caller with an idea unreviewed from before it.
  const steeringHidden = `(b.blind_review and exists (select 1 from ideas o
    where o.brainstorm_id = i.brainstorm_id and o.created <= coalesce((select g.created
      from generations g where g.id = i.generation_id), i.created)
      and not exists (select 1 from idea_annotations oa
        where oa.idea_id = o.id and oa.user_id = $1)))`;
  return `json_build_object(
    'id', i.id, 'title', i.title, 'summary', i.summary, 'description', i.description,
    'brainstorm', i.brainstorm_id,
    'brainstorm_detail', json_build_object('id', b.id, 'title', b.title, 'type', b.type),
    'created', ${iso('i.created')}, 'modified', ${iso('i.modified')}, 'created_by', i.created_by,
    'provenance', case when i.provider is null then null else json_build_object(
      'provider', i.provider, 'model', i.model, 'technique', i.technique,
      'prompt_version', i.prompt_version, 'settings', i.settings, 'input_tokens', i.input_tokens,
      'output_tokens', i.output_tokens, 'generation', i.generation_id,
      'inspired_by', i.inspired_by,
      'steered_by', case when ${steeringHidden} then null else i.steered_by end,
      'steering_hidden', ${steeringHidden}) end,
    'votes', ${unlessHidden('i.votes')},
    'reaction_counts', ${unlessHidden(`json_build_object('laugh', i.laugh_count,
      'idea', i.idea_count, 'surprised', i.surprised_count, 'thumbtack', i.thumbtack_count)`)},
    'comments_count', ${unlessHidden('i.comments_count')},
    'totals_hidden', ${hidden},
    'duplicate_of', i.duplicate_of, 'duplicate_score', i.duplicate_score,
    'stacked_by', i.stacked_by, 'stacked_by_model', i.stacked_by_model,
    'stack_reason', i.stack_reason, 'duplicates_count', i.duplicates_count, 'theme', i.theme_id,
    'combined_from', i.combined_from ${annotation})`;
}

/** The caller's annotation of `i`, probed by the (user, idea) index. */
const MINE = `left join lateral (select * from idea_annotations a
  where a.user_id = $1 and a.idea_id = i.id limit 1) m on true`;

/** The page's link to the next one, absolute as the API writes it; null when there is none. */
function nextLink(url: URL) {
  const next = new URL(url);
  next.searchParams.set('page', '2');
  return next.toString();
}

/** The brainstorm's newest idea, which every page of its ideas names (`newestId`). */
const NEWEST_ID = `(select n.id from ideas n where n.brainstorm_id = $3
  order by n.created desc, n.id desc limit 1)`;

/**
 * A first page of a brainstorm's ideas (not stacked ones), newest first, under `condition` on
 * the idea `i`, its brainstorm `b` and the caller's annotation `m`: `count` without it,
 * `filteredCount` and `stackedCount` with it.
 */
function ideaPage(name: string, condition: string): CeilingStatement {
  return {
    name,
    text: `with counted as (
        select count(*) filter (where i.duplicate_of is null)::int as listed,
          count(*) filter (where i.duplicate_of is null and ${condition})::int as filtered,
          count(*) filter (where i.duplicate_of is not null and ${condition})::int as stacked
        from ideas i join brainstorms b on b.id = i.brainstorm_id ${MINE}
        where i.brainstorm_id = $3
      ), page as (
        select ${ideaJson(false)} as idea
        from ideas i join brainstorms b on b.id = i.brainstorm_id ${MINE}
        where i.brainstorm_id = $3 and i.duplicate_of is null and ${condition}
        order by i.created desc, i.id desc limit $4
      )
      select case when ${CALLER} then json_build_object(
        'count', c.listed,
        'next', case when c.filtered > $4 then $5 end, 'previous', null,
        'results', coalesce((select json_agg(idea) from page), '[]'),
        'filteredCount', c.filtered, 'stackedCount', c.stacked,
        'newestId', ${NEWEST_ID}, 'laterCount', 0
      )::text end
      from counted c`,
    values: pageValues,
  };
}

function pageValues({ userId, sessionVersion, url }: CeilingRequest) {
  return [
    userId,
    sessionVersion,
    Number(url.searchParams.get('brainstorm')),
    Number(url.searchParams.get('page_size') ?? 10),
    nextLink(url),
  ];
}

/** The review table: every idea of the brainstorm, its count taken from the brainstorm's row. */
const reviewTable: CeilingStatement = {
  name: 'ceiling-review-table',
  text: `with page as (
      select ${ideaJson(true)} as idea
      from ideas i join brainstorms b on b.id = i.brainstorm_id ${MINE}
      where i.brainstorm_id = $3 and i.duplicate_of is null
      order by i.created desc, i.id desc limit $4
    )
    select case when ${CALLER} then json_build_object(
      'count', b.ideas_count - b.duplicates_count,
      'next', case when b.ideas_count - b.duplicates_count > $4 then $5 end, 'previous', null,
      'results', coalesce((select json_agg(idea) from page), '[]'),
      'filteredCount', b.ideas_count - b.duplicates_count,
      'stackedCount', b.duplicates_count,
      'newestId', ${NEWEST_ID}, 'laterCount', 0
    )::text end
    from brainstorms b where b.id = $3`,
  values: pageValues,
};

const typeNames = JSON.stringify(
  Object.fromEntries(BRAINSTORM_TYPES.map((t) => [t.value, t.display_name])),
);

/** A first page of every brainstorm, newest first, its count the table's. */
const brainstormList: CeilingStatement = {
  name: 'ceiling-brainstorms',
  text: `with page as (
      select json_build_object('id', id, 'title', title, 'description', description,
        'type', type, 'type_display', coalesce($4::jsonb ->> type, type),
        'parameters', parameters, 'project', project_id, 'created_by', created_by,
        'ideas_count', ideas_count, 'blind_review', blind_review,
        'created', ${iso('created')}, 'modified', ${iso('modified')}) as brainstorm
      from brainstorms order by created desc, id desc limit $3
    ), counted as (select count(*)::int as n from brainstorms)
    select case when ${CALLER} then json_build_object(
      'count', n, 'next', case when n > $3 then $5 end, 'previous', null,
      'results', coalesce((select json_agg(brainstorm) from page), '[]'))::text end
    from counted`,
  values: ({ userId, sessionVersion, url }) => [
    userId,
    sessionVersion,
    Number(url.searchParams.get('page_size') ?? 10),
    typeNames,
    nextLink(url),
  ],
};

/** A vote: the annotation written (its aggregates by the same triggers) and returned. */
const vote: CeilingStatement = {
  name: 'ceiling-vote',
  text: `with idea as (
      select id from ideas where id = $3 and ${CALLER} for no key update
    ), saved as (
      insert into idea_annotations (user_id, idea_id, vote)
      select $1::int, id, $4::smallint from idea
      on conflict (user_id, idea_id) do update set vote = excluded.vote, modified = now()
      returning *
    )
    select ${annotationJson('saved')}::text from saved`,
  values: ({ userId, sessionVersion, url, body }) => [
    userId,
    sessionVersion,
    Number(/\/api\/ideas\/(\d+)\//.exec(url.pathname)?.[1]),
    (JSON.parse(body) as { vote: number }).vote,
  ],
};

/** The statement answering each endpoint the SQL ceiling covers, by the endpoint's key. */
export const CEILING_STATEMENTS: Record<string, CeilingStatement> = {
  'review-table': reviewTable,
  unreviewed: ideaPage('ceiling-unreviewed', 'm.id is null'),
  reviewed: ideaPage(
    'ceiling-reviewed',
    `exists (select 1 from idea_annotations a where a.idea_id = i.id)
      and not (b.blind_review and m.id is null)`,
  ),
  brainstorms: brainstormList,
  vote,
};
