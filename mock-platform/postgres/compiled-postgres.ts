/**
 * Postgres (PGlite's 8 MB of wasm) compiled once per page. The first worker that compiles it (a
 * project's database or the log store) sends the module to its page once its database runs, and the
 * page hands it to every later worker it makes — the log store warmed after the project's start, a
 * project restarted, another project opened — instead of a compile each (0.7–0.9 s of a 2 s restart
 * here). Workers of one page share a module's compiled code: keeping it holds no second copy.
 */

const COMPILED_POSTGRES_MESSAGE = 'studio-compiled-postgres'

let kept: WebAssembly.Module | null = null

/**
 * In a worker: Postgres as the page gave it (`given`, from an earlier worker), or else the wasm at
 * `url` compiled as it streams in (kept for `offerCompiledPostgres`).
 */
export async function compilePostgres(url: string, given: WebAssembly.Module | null): Promise<WebAssembly.Module> {
  if (given) return given
  kept = await WebAssembly.compileStreaming(fetch(url))
  return kept
}

/** In a worker, once its database runs (not to take a moment of its start): gives the module it compiled to the page. */
export function offerCompiledPostgres(): void {
  if (kept) postMessage({ type: COMPILED_POSTGRES_MESSAGE, module: kept })
}

/** On the page: keeps the module `worker` compiles, if none is kept yet. */
export function keepCompiledPostgres(worker: Worker): void {
  worker.addEventListener('message', ({ data }: MessageEvent<{ type?: string; module?: unknown }>) => {
    if (data.type === COMPILED_POSTGRES_MESSAGE && data.module instanceof WebAssembly.Module) kept ??= data.module
  })
}

/** On the page: the module a worker compiled, for the next worker's options; null before any did. */
export function compiledPostgres(): WebAssembly.Module | null {
  return kept
}
