/**
 * The contrib extensions PGlite ships, in every project database, so that each one the extensions
 * screen offers is really installable (`pg_available_extensions` lists it, CREATE EXTENSION works).
 *
 * Given to PGlite's constructor, a bundle's library is compiled at start-up whether used or not:
 * measured in node, all of them took a database's start from ≈ 0.7 s to ≈ 0.9 s. So only
 * `pg_stat_statements`, which must be preloaded to count anything, goes that way; the others'
 * files are written into the running database's file system (`writeExtensionFiles`), and Postgres
 * loads a library the first time a statement needs it, as it does on a server.
 */
import type { Extension } from '@electric-sql/pglite'
import { parseTar, parseTarGzip } from 'nanotar'
import { amcheck } from '@electric-sql/pglite/contrib/amcheck'
import { auto_explain } from '@electric-sql/pglite/contrib/auto_explain'
import { bloom } from '@electric-sql/pglite/contrib/bloom'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { cube } from '@electric-sql/pglite/contrib/cube'
import { dict_int } from '@electric-sql/pglite/contrib/dict_int'
import { dict_xsyn } from '@electric-sql/pglite/contrib/dict_xsyn'
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance'
import { file_fdw } from '@electric-sql/pglite/contrib/file_fdw'
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch'
import { hstore } from '@electric-sql/pglite/contrib/hstore'
import { intarray } from '@electric-sql/pglite/contrib/intarray'
import { isn } from '@electric-sql/pglite/contrib/isn'
import { lo } from '@electric-sql/pglite/contrib/lo'
import { ltree } from '@electric-sql/pglite/contrib/ltree'
import { moddatetime } from '@electric-sql/pglite/contrib/moddatetime'
import { pageinspect } from '@electric-sql/pglite/contrib/pageinspect'
import { pg_buffercache } from '@electric-sql/pglite/contrib/pg_buffercache'
import { pg_freespacemap } from '@electric-sql/pglite/contrib/pg_freespacemap'
import { pg_stat_statements } from '@electric-sql/pglite/contrib/pg_stat_statements'
import { pg_surgery } from '@electric-sql/pglite/contrib/pg_surgery'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pg_visibility } from '@electric-sql/pglite/contrib/pg_visibility'
import { pg_walinspect } from '@electric-sql/pglite/contrib/pg_walinspect'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { seg } from '@electric-sql/pglite/contrib/seg'
import { tablefunc } from '@electric-sql/pglite/contrib/tablefunc'
import { tcn } from '@electric-sql/pglite/contrib/tcn'
import { tsm_system_rows } from '@electric-sql/pglite/contrib/tsm_system_rows'
import { tsm_system_time } from '@electric-sql/pglite/contrib/tsm_system_time'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp'

/** Preloaded at start (PGlite's constructor option `extensions`). */
export const PRELOADED_EXTENSIONS = { pg_stat_statements }

/** Loaded when first used. */
const ON_DEMAND_EXTENSIONS: readonly Extension[] = [
  amcheck,
  auto_explain,
  bloom,
  btree_gin,
  btree_gist,
  citext,
  cube,
  dict_int,
  dict_xsyn,
  earthdistance,
  file_fdw,
  fuzzystrmatch,
  hstore,
  intarray,
  isn,
  lo,
  ltree,
  moddatetime,
  pageinspect,
  pg_buffercache,
  pg_freespacemap,
  pg_surgery,
  pg_trgm,
  pg_visibility,
  pg_walinspect,
  pgcrypto,
  seg,
  tablefunc,
  tcn,
  tsm_system_rows,
  tsm_system_time,
  unaccent,
  uuid_ossp,
]

/** A file of an extension bundle, at its path under PGlite's installation prefix. */
export interface ExtensionFile {
  path: string
  data: Uint8Array
}

/** Where extensions' bundles are, each once (several extensions share one: spi holds autoinc, insert_username, moddatetime, refint). */
async function bundleUrls(extensions: Iterable<Extension>): Promise<URL[]> {
  const urls = new Map<string, URL>()
  for (const extension of extensions) {
    // A contrib extension's setup only names its bundle; it touches neither instance nor options.
    const { bundlePath } = await extension.setup(undefined as never, {})
    if (bundlePath) urls.set(bundlePath.href, bundlePath)
  }
  return [...urls.values()]
}

/** Where the preloaded extensions' bundles are, which PGlite itself fetches as it starts. */
export function preloadedBundleUrls(): Promise<URL[]> {
  return bundleUrls(Object.values(PRELOADED_EXTENSIONS))
}

/**
 * Every file of the on-demand bundles (control files, scripts, libraries). `readBundle` reads a
 * bundle's gzip bytes from where PGlite keeps it (a file in node, a URL in the browser); a bundle
 * several extensions share is read once.
 */
export async function readExtensionFiles(readBundle: (url: URL) => Promise<Uint8Array>): Promise<ExtensionFile[]> {
  const urls = await bundleUrls(ON_DEMAND_EXTENSIONS)
  const bundles = await Promise.all(urls.map(async (url) => unpack(await readBundle(url))))
  return bundles.flat().flatMap((item) => (item.type === 'file' && item.data ? [{ path: item.name, data: item.data }] : []))
}

/** A bundle's tar, gzipped as shipped, or already inflated (a server may send it `Content-Encoding: gzip`, as Vite's does). */
function unpack(bytes: Uint8Array) {
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b
  return gzipped ? parseTarGzip(bytes) : parseTar(bytes)
}
