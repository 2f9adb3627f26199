// The extension catalogue of SPEC §3 ("Extension catalogue entry"): what the dashboard says of an
// extension beside what the database itself reports (name, versions, schema, comment). Data only.

/** SPEC §3: the 14 tags an extension is filed under. */
export const EXTENSION_TAGS = [
  'Utility',
  'Dataset',
  'Admin',
  'Index',
  'Data Type',
  'Search',
  'Geo',
  'Audit',
  'Notifications',
  'Cryptography',
  'Testing',
  'Language',
  'Time Series',
  'AI',
] as const
export type ExtensionTag = (typeof EXTENSION_TAGS)[number]

export interface ExtensionCatalogueEntry {
  name: string
  comment: string
  tags: readonly ExtensionTag[]
  /** Documentation. */
  link: string
  github_url?: string
  /** The dashboard screen that works with it, as a path under the project (`/project/{ref}/…`). */
  product?: string
  product_url?: string
  /** The Postgres versions on which it is no longer offered (SPEC §3: 'Postgres 17' for five of them). */
  deprecated?: readonly string[]
  /** The platform enables it on every new project (the mock's platform layer: mock-platform/postgres/platform-layer.ts). */
  enabledOnEveryProject?: boolean
}

/**
 * Extensions only a superuser may create (not marked trusted) that the platform installs for a
 * project on its owner's request (mock-platform/postgres/platform-statements.ts), as the hosted
 * platform does for its allow-list: SQL or C functions that reach nothing beyond the database, or
 * keep their functions to `pg_monitor` (the buffer and statistics readers) or to a password-checked
 * connection (dblink, postgres_fdw). Not file_fdw, adminpack, xml2, pageinspect, pg_surgery or
 * old_snapshot: server files, raw pages, repairs.
 */
export const PLATFORM_INSTALLED_EXTENSIONS: readonly string[] = [
  'amcheck',
  'autoinc',
  'bloom',
  'dblink',
  'dict_xsyn',
  'earthdistance',
  'insert_username',
  'intagg',
  'moddatetime',
  'pg_buffercache',
  'pg_freespacemap',
  'pg_prewarm',
  'pg_stat_statements',
  'pg_visibility',
  'pg_walinspect',
  'pgrowlocks',
  'pgstattuple',
  'postgres_fdw',
  'refint',
  'sslinfo',
]

/** What the extensions screen and Vault's say of the extensions the platform enables on every project (hosted only). */
export const ENABLED_ON_EVERY_PROJECT_MESSAGE = {
  extension: 'The platform enables it on every project.',
  vault: 'The platform enables Vault (the supabase_vault extension) on every project.',
} as const

/** Where an extension is enabled when the user does not choose (the platform's convention). */
export const DEFAULT_EXTENSION_SCHEMA = 'extensions'

const PG_DOCS = 'https://www.postgresql.org/docs/current'
const GUIDES = 'https://supabase.com/docs/guides/database/extensions'
const contrib = (page: string) => `${PG_DOCS}/${page}.html`
const POSTGRES_17: readonly string[] = ['Postgres 17']

export const EXTENSION_CATALOGUE: readonly ExtensionCatalogueEntry[] = [
  { name: 'address_standardizer', comment: 'Parses an address into its constituent elements', tags: ['Geo'], link: `${GUIDES}/postgis`, github_url: 'https://github.com/postgis/postgis' },
  { name: 'address_standardizer_data_us', comment: 'Address standardizer US dataset example', tags: ['Geo', 'Dataset'], link: `${GUIDES}/postgis`, github_url: 'https://github.com/postgis/postgis' },
  { name: 'amcheck', comment: 'Functions for verifying relation integrity', tags: ['Admin'], link: contrib('amcheck') },
  { name: 'autoinc', comment: 'Functions for autoincrementing fields', tags: ['Utility'], link: contrib('contrib-spi') },
  { name: 'bloom', comment: 'Bloom access method: signature file based index', tags: ['Index'], link: contrib('bloom') },
  { name: 'btree_gin', comment: 'Support for indexing common datatypes in GIN', tags: ['Index'], link: contrib('btree-gin') },
  { name: 'btree_gist', comment: 'Support for indexing common datatypes in GiST', tags: ['Index'], link: contrib('btree-gist') },
  { name: 'citext', comment: 'Data type for case-insensitive character strings', tags: ['Data Type'], link: contrib('citext') },
  { name: 'cube', comment: 'Data type for multidimensional cubes', tags: ['Data Type'], link: contrib('cube') },
  { name: 'dblink', comment: 'Connect to other PostgreSQL databases from within a database', tags: ['Utility'], link: contrib('dblink') },
  { name: 'dict_int', comment: 'Text search dictionary template for integers', tags: ['Search'], link: contrib('dict-int') },
  { name: 'dict_xsyn', comment: 'Text search dictionary template for extended synonym processing', tags: ['Search'], link: contrib('dict-xsyn') },
  { name: 'earthdistance', comment: 'Calculate great-circle distances on the surface of the Earth', tags: ['Geo'], link: contrib('earthdistance') },
  { name: 'file_fdw', comment: "Foreign-data wrapper for flat file access", tags: ['Utility'], link: contrib('file-fdw') },
  { name: 'fuzzystrmatch', comment: 'Determine similarities and distance between strings', tags: ['Search'], link: contrib('fuzzystrmatch') },
  { name: 'hstore', comment: 'Data type for storing sets of (key, value) pairs', tags: ['Data Type'], link: contrib('hstore') },
  { name: 'http', comment: 'HTTP client for PostgreSQL, allows web page retrieval inside the database', tags: ['Utility'], link: `${GUIDES}/http`, github_url: 'https://github.com/pramsey/pgsql-http' },
  { name: 'hypopg', comment: 'Hypothetical indexes for PostgreSQL', tags: ['Index'], link: `${GUIDES}/hypopg`, github_url: 'https://github.com/HypoPG/hypopg' },
  { name: 'index_advisor', comment: 'Query index advisor', tags: ['Index'], link: `${GUIDES}/index_advisor`, github_url: 'https://github.com/supabase/index_advisor' },
  { name: 'insert_username', comment: 'Functions for tracking who changed a table', tags: ['Audit'], link: contrib('contrib-spi') },
  { name: 'intarray', comment: 'Functions, operators, and index support for 1-D arrays of integers', tags: ['Data Type', 'Index'], link: contrib('intarray') },
  { name: 'isn', comment: 'Data types for international product numbering standards', tags: ['Data Type'], link: contrib('isn') },
  { name: 'lo', comment: 'Large Object maintenance', tags: ['Utility'], link: contrib('lo') },
  { name: 'ltree', comment: 'Data type for hierarchical tree-like structures', tags: ['Data Type'], link: contrib('ltree') },
  { name: 'moddatetime', comment: 'Functions for tracking last modification time', tags: ['Utility'], link: `${GUIDES}/moddatetime` },
  { name: 'pageinspect', comment: 'Inspect the contents of database pages at a low level', tags: ['Admin'], link: contrib('pageinspect') },
  { name: 'pg_buffercache', comment: 'Examine the shared buffer cache', tags: ['Admin'], link: contrib('pgbuffercache') },
  { name: 'pg_cron', comment: 'Job scheduler for PostgreSQL', tags: ['Utility'], link: `${GUIDES}/pg_cron`, github_url: 'https://github.com/citusdata/pg_cron', product: 'Cron', product_url: '/integrations/cron' },
  { name: 'pg_freespacemap', comment: 'Examine the free space map (FSM)', tags: ['Admin'], link: contrib('pgfreespacemap') },
  { name: 'pg_graphql', comment: 'GraphQL support', tags: ['Utility'], link: `${GUIDES}/pg_graphql`, github_url: 'https://github.com/supabase/pg_graphql', product: 'GraphiQL', product_url: '/api/graphiql' },
  { name: 'pg_hashids', comment: 'Short unique id generator for PostgreSQL, using hashids', tags: ['Utility'], link: `${GUIDES}/pg_hashids`, github_url: 'https://github.com/iCyberon/pg_hashids' },
  { name: 'pg_jsonschema', comment: 'JSON schema validation', tags: ['Data Type'], link: `${GUIDES}/pg_jsonschema`, github_url: 'https://github.com/supabase/pg_jsonschema' },
  { name: 'pg_net', comment: 'Async HTTP', tags: ['Notifications'], link: `${GUIDES}/pg_net`, github_url: 'https://github.com/supabase/pg_net', product: 'Database Webhooks', product_url: '/database/hooks' },
  { name: 'pg_prewarm', comment: 'Prewarm relation data', tags: ['Admin'], link: contrib('pgprewarm') },
  { name: 'pg_repack', comment: 'Reorganize tables in PostgreSQL databases with minimal locks', tags: ['Admin'], link: `${GUIDES}/pg_repack`, github_url: 'https://github.com/reorg/pg_repack' },
  { name: 'pg_stat_monitor', comment: 'The pg_stat_monitor is a PostgreSQL Query Performance Monitoring tool', tags: ['Admin'], link: `${GUIDES}/pg_stat_monitor`, github_url: 'https://github.com/percona/pg_stat_monitor' },
  { name: 'pg_stat_statements', comment: 'Track planning and execution statistics of all SQL statements executed', tags: ['Admin'], link: contrib('pgstatstatements'), product: 'Query Performance', product_url: '/advisors/query-performance', enabledOnEveryProject: true },
  { name: 'pg_surgery', comment: 'Extension to perform surgery on a damaged relation', tags: ['Admin'], link: contrib('pgsurgery') },
  { name: 'pg_trgm', comment: 'Text similarity measurement and index searching based on trigrams', tags: ['Search', 'Index'], link: contrib('pgtrgm') },
  { name: 'pg_visibility', comment: 'Examine the visibility map (VM) and page-level visibility info', tags: ['Admin'], link: contrib('pgvisibility') },
  { name: 'pg_walinspect', comment: 'Functions to inspect contents of PostgreSQL Write-Ahead Log', tags: ['Admin'], link: contrib('pgwalinspect') },
  { name: 'pgaudit', comment: 'Provides auditing functionality', tags: ['Audit'], link: `${GUIDES}/pgaudit`, github_url: 'https://github.com/pgaudit/pgaudit' },
  { name: 'pgcrypto', comment: 'Cryptographic functions', tags: ['Cryptography'], link: contrib('pgcrypto') },
  { name: 'pgjwt', comment: 'JSON Web Token API for PostgreSQL', tags: ['Cryptography'], link: `${GUIDES}/pgjwt`, github_url: 'https://github.com/michelp/pgjwt', deprecated: POSTGRES_17 },
  { name: 'pgmq', comment: 'A lightweight message queue, like AWS SQS and RSMQ but on Postgres', tags: ['Notifications'], link: `${GUIDES}/pgmq`, github_url: 'https://github.com/tembo-io/pgmq' },
  { name: 'pgroonga', comment: 'Super fast and all languages supported full text search index based on Groonga', tags: ['Search', 'Index'], link: `${GUIDES}/pgroonga`, github_url: 'https://github.com/pgroonga/pgroonga' },
  { name: 'pgrouting', comment: 'pgRouting extension', tags: ['Geo'], link: `${GUIDES}/pgrouting`, github_url: 'https://github.com/pgRouting/pgrouting' },
  { name: 'pgsodium', comment: 'Postgres extension for libsodium functions', tags: ['Cryptography'], link: `${GUIDES}/pgsodium`, github_url: 'https://github.com/michelp/pgsodium' },
  { name: 'pgtap', comment: 'Unit testing for PostgreSQL', tags: ['Testing'], link: `${GUIDES}/pgtap`, github_url: 'https://github.com/theory/pgtap' },
  { name: 'plcoffee', comment: 'PL/CoffeeScript (v8) trusted procedural language', tags: ['Language'], link: `${GUIDES}/plv8`, github_url: 'https://github.com/plv8/plv8', deprecated: POSTGRES_17 },
  { name: 'plls', comment: 'PL/LiveScript (v8) trusted procedural language', tags: ['Language'], link: `${GUIDES}/plv8`, github_url: 'https://github.com/plv8/plv8', deprecated: POSTGRES_17 },
  { name: 'plpgsql', comment: 'PL/pgSQL procedural language', tags: ['Language'], link: `${PG_DOCS}/plpgsql.html` },
  { name: 'plpgsql_check', comment: 'Extended check for plpgsql functions', tags: ['Language', 'Testing'], link: `${GUIDES}/plpgsql_check`, github_url: 'https://github.com/okbob/plpgsql_check' },
  { name: 'plv8', comment: 'PL/JavaScript (v8) trusted procedural language', tags: ['Language'], link: `${GUIDES}/plv8`, github_url: 'https://github.com/plv8/plv8', deprecated: POSTGRES_17 },
  { name: 'postgis', comment: 'PostGIS geometry and geography spatial types and functions', tags: ['Geo', 'Data Type'], link: `${GUIDES}/postgis`, github_url: 'https://github.com/postgis/postgis' },
  { name: 'postgis_raster', comment: 'PostGIS raster types and functions', tags: ['Geo'], link: `${GUIDES}/postgis`, github_url: 'https://github.com/postgis/postgis' },
  { name: 'postgis_sfcgal', comment: 'PostGIS SFCGAL functions', tags: ['Geo'], link: `${GUIDES}/postgis`, github_url: 'https://github.com/postgis/postgis' },
  { name: 'postgis_tiger_geocoder', comment: 'PostGIS tiger geocoder and reverse geocoder', tags: ['Geo', 'Dataset'], link: `${GUIDES}/postgis`, github_url: 'https://github.com/postgis/postgis' },
  { name: 'postgis_topology', comment: 'PostGIS topology spatial types and functions', tags: ['Geo'], link: `${GUIDES}/postgis`, github_url: 'https://github.com/postgis/postgis' },
  { name: 'postgres_fdw', comment: 'Foreign-data wrapper for remote PostgreSQL servers', tags: ['Utility'], link: contrib('postgres-fdw') },
  { name: 'refint', comment: 'Functions for implementing referential integrity (obsolete)', tags: ['Utility'], link: contrib('contrib-spi') },
  { name: 'rum', comment: 'RUM index access method', tags: ['Index', 'Search'], link: `${GUIDES}/rum`, github_url: 'https://github.com/postgrespro/rum' },
  { name: 'seg', comment: 'Data type for representing line segments or floating-point intervals', tags: ['Data Type'], link: contrib('seg') },
  { name: 'sslinfo', comment: 'Information about SSL certificates', tags: ['Utility'], link: contrib('sslinfo') },
  { name: 'supabase_vault', comment: 'Supabase Vault Extension', tags: ['Cryptography'], link: 'https://supabase.com/docs/guides/database/vault', github_url: 'https://github.com/supabase/vault', product: 'Vault', product_url: '/settings/vault/secrets', enabledOnEveryProject: true },
  { name: 'tablefunc', comment: 'Functions that manipulate whole tables, including crosstab', tags: ['Utility'], link: contrib('tablefunc') },
  { name: 'tcn', comment: 'Triggered change notifications', tags: ['Notifications'], link: contrib('tcn') },
  { name: 'timescaledb', comment: 'Enables scalable inserts and complex queries for time-series data', tags: ['Time Series'], link: `${GUIDES}/timescaledb`, github_url: 'https://github.com/timescale/timescaledb', deprecated: POSTGRES_17 },
  { name: 'tsm_system_rows', comment: 'TABLESAMPLE method which accepts number of rows as a limit', tags: ['Utility'], link: contrib('tsm-system-rows') },
  { name: 'tsm_system_time', comment: 'TABLESAMPLE method which accepts time in milliseconds as a limit', tags: ['Utility'], link: contrib('tsm-system-time') },
  { name: 'unaccent', comment: 'Text search dictionary that removes accents', tags: ['Search'], link: contrib('unaccent') },
  { name: 'uuid-ossp', comment: 'Generate universally unique identifiers (UUIDs)', tags: ['Utility', 'Data Type'], link: `${GUIDES}/uuid-ossp` },
  { name: 'vector', comment: 'Vector data type and ivfflat and hnsw access methods', tags: ['AI', 'Index', 'Data Type'], link: `${GUIDES}/pgvector`, github_url: 'https://github.com/pgvector/pgvector' },
  { name: 'wrappers', comment: 'Foreign data wrappers developed by Supabase', tags: ['Utility'], link: 'https://supabase.com/docs/guides/database/extensions/wrappers/overview', github_url: 'https://github.com/supabase/wrappers', product: 'Wrappers', product_url: '/database/wrappers' },
]
