import { ADVISOR_EXCEPTIONS_PATH, RUN_LINTS_PATH } from '../../constants'
import { api, type ApiClient } from '../client'
import { LintExceptionsAnswerSchema, LintsAnswerSchema, type NewLintException } from '../schemas'
import { queryKeys } from './keys'

/** Every finding of the project's linter (PLATFORM-API §9 `run-lints`); each fetch runs the lints again. */
export function lintsQuery(ref: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.projectLints(ref),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(RUN_LINTS_PATH(ref), { schema: LintsAnswerSchema, signal }),
  }
}

/** The project's advisor rules: lints disabled, findings dismissed. */
export function lintExceptionsQuery(ref: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.lintExceptions(ref),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => (await client.get(ADVISOR_EXCEPTIONS_PATH(ref), { schema: LintExceptionsAnswerSchema, signal })).exceptions,
  }
}

export async function createLintException(ref: string, exception: NewLintException, client: ApiClient = api): Promise<void> {
  await client.post(ADVISOR_EXCEPTIONS_PATH(ref), { body: { exceptions: [exception] } })
}

export async function deleteLintExceptions(ref: string, ids: readonly string[], client: ApiClient = api): Promise<void> {
  await client.delete(ADVISOR_EXCEPTIONS_PATH(ref), { query: { ids } })
}
