export interface QueryField {
  name: string
  dataTypeID: number
}

export interface QueryResult {
  rows: Record<string, unknown>[]
  fields: QueryField[]
  /** Rows changed by this one statement (INSERT, UPDATE, DELETE, MERGE, COPY); absent otherwise. */
  affectedRows?: number
  /** The statement's command word as the server reports it (SELECT, INSERT, CREATE…), where it does. */
  command?: string
}

/**
 * One project's Postgres. Values come back decoded as pg-meta sends them (see `decode.ts`). Each
 * call is its own session as far as transactions and settings go, like pg-meta's connection per
 * request: a transaction left open, a SET or SET ROLE does not outlive the call (see `session.ts`).
 */
/** `signal`: cancel the running statement server-side where the database can (pg_cancel_backend). */
export interface RunOptions {
  signal?: AbortSignal
  /** Filled in where the database can tell its own time from its decoding (PGlite): Server-Timing's parts. */
  timing?: StatementTiming
  /**
   * Run so that the database refuses every write (read-only.ts): the SQL of a member whose role
   * may only read. One result per statement, as without it.
   */
  readOnly?: boolean
  /**
   * Rows as the database reads them, before the statement has finished, where it can tell them
   * (PGlite, simple protocol, not read-only): each call the rows a result gained, decoded, with its
   * index among the call's results. The call's own answer still holds every row.
   */
  onRows?: (rows: Record<string, unknown>[], resultIndex: number) => void
}

/** Milliseconds added up over a call's statements. */
export interface StatementTiming {
  /** Waiting for the database: Postgres itself, and in the browser its worker's encoding and the hops there and back. */
  databaseMs: number
  /** Turning its answers into pg-meta's values (decode.ts). */
  decodeMs: number
}

export interface ProjectDatabase {
  /** Runs one or more statements (no parameters); one result per statement. */
  exec(sql: string, options?: RunOptions): Promise<QueryResult[]>
  /** Runs one statement with $1.. parameters. */
  query(sql: string, params?: unknown[], options?: RunOptions): Promise<QueryResult>
  /**
   * On a shared server, where the user's SQL runs as the project's own role: runs as the platform's
   * admin (server-tenancy.ts), for tests that set up what only the platform may (a role). No handler
   * is given it: what the platform does on a user's request is decided inside the database's own
   * runs (platform-statements.ts). Absent where the user's SQL runs with every right (PGlite).
   */
  asPlatform?(sql: string): Promise<QueryResult[]>
  close(): Promise<void>
}

export interface DatabaseProvider {
  /** The database of one project ref, created and seeded on first use, the same instance afterwards. */
  open(ref: string): Promise<ProjectDatabase>
  /** Settles once the ref's database has opened (started, seeded) or failed to, with true; at once with false when it is not opening. */
  settled(ref: string): Promise<boolean>
  closeAll(): Promise<void>
  /** Closes the ref's database and removes it with everything it held (a deleted project); a later open makes it anew. */
  drop(ref: string): Promise<void>
  /**
   * Sets the password people connect to the ref's database with (a SCRAM verifier), where they can
   * connect at all: a PostgreSQL server. Absent where nobody connects from outside (PGlite).
   */
  setLoginPassword?(ref: string, verifier: string): Promise<void>
}
