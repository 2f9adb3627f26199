/**
 * The GraphQL explorer and the mock platform's GraphQL endpoint (SPEC §2 /project/{ref}/api/graphiql
 * and /project/{ref}/database/graphiql; PLATFORM-API §7). Not in SPEC beyond the routes: the values
 * follow pg_graphql, which the platform's endpoint runs.
 */

/** The header that carries the caller's JWT to the GraphQL endpoint; its `role` claim is the role the SQL runs as. */
export const GRAPHQL_AUTHORIZATION_HEADER = 'x-graphql-authorization'

/** The schema the GraphQL API exposes (pg_graphql reflects the API's exposed schemas; the platform's default is `public`). */
export const GRAPHQL_EXPOSED_SCHEMA = 'public'

/** pg_graphql's `max_rows`: a page's size when neither `first` nor `last` says, and the most a page holds. */
export const GRAPHQL_PAGE_SIZE = 30

/** How long a token the explorer makes for a role lives (seconds): an hour, like the platform's JWTs. */
export const GRAPHQL_TOKEN_LIFETIME_SECONDS = 3600

/** Runs the explorer keeps per project, newest first. */
export const GRAPHQL_HISTORY_LIMIT = 25

/** How long typing in the query editor pauses before the query is checked against the schema again (ms). */
export const GRAPHQL_CHECK_DELAY_MS = 250

/** The most matches the schema docs' search lists (a schema of a few tables has a few hundred names). */
export const GRAPHQL_DOCS_MAX_MATCHES = 60
