/**
 * Where the project databases live on a real PostgreSQL server (`DATABASE_URL`), without `pg`, so
 * the handlers that describe the connection stay loadable in the browser.
 */

/** `studio_<ref>`, lower-cased, characters other than [a-z0-9_] replaced, within Postgres's 63 bytes. */
export function projectDatabaseName(ref: string, prefix = 'studio_'): string {
  const name = `${prefix}${ref}`.toLowerCase().replace(/[^a-z0-9_]/g, '_')
  if (name.length > 63) throw new RangeError(`Project ref too long for a database name: ${ref}`)
  return name
}

/**
 * The roles a project database has of its own on a shared server (server-tenancy.ts): its owner,
 * as whom the user's SQL runs, the read-only members' role, and the login people connect with
 * (psql, an app) using the database password they set, which becomes the owner once signed in.
 */
export interface ProjectRoles {
  owner: string
  reader: string
  login: string
}

export function projectRoles(databaseName: string): ProjectRoles {
  const role = (suffix: string) => {
    const name = `${databaseName}_${suffix}`
    if (name.length > 63) throw new RangeError(`Project database name too long for its roles: ${databaseName}`)
    return name
  }
  return { owner: role('owner'), reader: role('read_only'), login: role('user') }
}

/** The server a DATABASE_URL names: host, port, user and database. The password is dropped here, never carried on. */
export interface DatabaseServerAddress {
  host: string
  port: number
  user: string
  /** The URL's own database (libpq: the user's name when the URL names none). */
  database: string
}

/** Postgres's defaults fill what the URL leaves out (libpq: port 5432, user postgres for us). */
export function databaseServerAddress(databaseUrl: string): DatabaseServerAddress {
  const url = new URL(databaseUrl)
  const user = decodeURIComponent(url.username) || 'postgres'
  return {
    // WHATWG URLs keep an IPv6 host in brackets; the address is the bare host.
    host: decodeURIComponent(url.hostname.replace(/^\[(.*)\]$/, '$1')) || 'localhost',
    port: url.port ? Number(url.port) : 5432,
    user,
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || user,
  }
}
