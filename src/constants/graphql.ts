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

/** How long a token the platform signs for the explorer's role picker lives (seconds): an hour, like the platform's JWTs. */
export const GRAPHQL_TOKEN_LIFETIME_SECONDS = 3600

/** The explorer asks for a new token this long before its token expires, so a run never sends one about to lapse (seconds). */
export const GRAPHQL_TOKEN_RENEW_MARGIN_SECONDS = 300

/** Runs the explorer keeps per project, newest first. */
export const GRAPHQL_HISTORY_LIMIT = 25

/** How long typing in the query editor pauses before the query is checked against the schema again (ms). */
export const GRAPHQL_CHECK_DELAY_MS = 250

/** The most matches the schema docs' search lists (a schema of a few tables has a few hundred names). */
export const GRAPHQL_DOCS_MAX_MATCHES = 60

/**
 * What the embedded mock signs its projects' JWTs with (the served platform derives each project's
 * secret from its own STUDIO_SECRET instead). Fixed, so a project's keys stay the same across reloads;
 * it guards nothing in the page, which is its own server: what a token's role may do is still
 * decided from the member's permissions.
 */
export const EMBEDDED_PROJECT_JWT_KEY = 'studio-embedded-mock-project-jwt'

/** How long a project's API keys live (seconds from the project's creation): ten years, as a real project's do. */
export const API_KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600
