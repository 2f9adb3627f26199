/** Types of serve-load-people.mjs (plain JavaScript: it runs in a worker thread without a TypeScript loader). */
export interface CallInit {
  method?: string
  token?: string
  body?: unknown
  headers?: Record<string, string>
}
export function call(url: string, path: string, init?: CallInit): Promise<{ status: number; body: unknown }>
export function runPeople(people: {
  url: string
  ref: string
  connection: string
  connectionHeader: string
  credentials: { email: string; password: string }
  users: number
  until: number
}): Promise<{ latencies: { sql: number[]; save: number[] }; errors: string[]; saved: string[] }>
