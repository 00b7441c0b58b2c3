import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from './rows.js';

/** The database, or a transaction on it. */
export type Queryable = Pick<Db, 'execute'>;

const select = async <Row>(db: Queryable, query: SQL) => rowsOf<Row>(await db.execute(query));

/** What a restore writes into one table, and the sequences it sets afterwards. */
export interface TableShape {
  /** Every column but the generated ones, which the database computes. */
  columns: string[];
  /** Identity and serial columns, with their sequences. */
  sequences: { column: string; sequence: string }[];
}

/** Tables of schema public: ordinary and partitioned ones, not the partitions. */
const publicTable = sql`n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`;

/**
 * Every table of schema public, read from the catalog (a table added later is covered without
 * edits), each after the tables its foreign keys point at, so rows can be inserted in this order.
 */
export async function publicTables(db: Queryable): Promise<string[]> {
  const rows = await select<{ name: string; parent: string | null }>(
    db,
    sql`select c.relname::text as name, p.relname::text as parent
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_constraint f on f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid
      left join pg_class p on p.oid = f.confrelid and p.relnamespace = c.relnamespace
      where ${publicTable}`,
  );
  const parents = new Map<string, Set<string>>();
  for (const { name, parent } of rows) {
    const set = parents.get(name) ?? new Set<string>();
    if (parent !== null) set.add(parent);
    parents.set(name, set);
  }
  const ordered: string[] = [];
  while (parents.size > 0) {
    const ready = [...parents]
      .filter(([, of]) => [...of].every((parent) => !parents.has(parent)))
      .map(([name]) => name)
      .sort();
    if (ready.length === 0) {
      throw new Error(`The foreign keys of ${[...parents.keys()].join(', ')} form a cycle.`);
    }
    for (const name of ready) {
      ordered.push(name);
      parents.delete(name);
    }
  }
  return ordered;
}

/** The columns and sequences of every table of schema public. */
export async function tableShapes(db: Queryable): Promise<Map<string, TableShape>> {
  const rows = await select<{ table: string; column: string; sequence: string | null }>(
    db,
    sql`select c.relname::text as table, a.attname::text as column,
        pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as sequence
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where ${publicTable} and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const shapes = new Map<string, TableShape>();
  for (const { table, column, sequence } of rows) {
    const shape = shapes.get(table) ?? { columns: [], sequences: [] };
    shape.columns.push(column);
    if (sequence !== null) shape.sequences.push({ column, sequence });
    shapes.set(table, shape);
  }
  return shapes;
}

/** The schema version: when the latest applied migration was written (drizzle's record). */
export async function latestMigration(db: Queryable): Promise<number | null> {
  const [row] = await select<{ created: string }>(
    db,
    sql`select created_at::text as created from drizzle.__drizzle_migrations
      order by created_at desc limit 1`,
  );
  return row ? Number(row.created) : null;
}

/** The first table of `tables` that holds a row, or null when all are empty. */
export async function firstTableWithRows(db: Queryable, tables: string[]): Promise<string | null> {
  for (const table of tables) {
    const [row] = await select<{ any: boolean }>(
      db,
      sql`select exists (select from ${sql.identifier(table)}) as any`,
    );
    if (row?.any) return table;
  }
  return null;
}
