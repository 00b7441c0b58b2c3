import { forkCeiling } from './ceiling.js';
import { CEILING_STATEMENTS } from './sql-ceiling-statements.js';

/** What the SQL ceiling server needs: the endpoint it answers, the database and the token key. */
export interface SqlCeilingSettings {
  endpoint: string;
  databaseUrl: string;
  /** The server's JWT_SECRET, to check the access tokens it issued. */
  secret: string;
  /** As many connections as the server's pool holds. */
  poolSize: number;
}

/** Whether an endpoint has a SQL ceiling (sql-ceiling-statements.ts). */
export const hasSqlCeiling = (endpoint: string) => endpoint in CEILING_STATEMENTS;

/** Starts the SQL ceiling server for one endpoint (see sql-ceiling-server.ts). */
export const startSqlCeiling = (settings: SqlCeilingSettings) =>
  forkCeiling('bench/sql-ceiling-server.ts', settings);
