import type { QueryKey } from '@tanstack/react-query'
import { LoadingState } from '../../ui/states'
import { useRetryWaitText } from './use-retry-wait'

/** A screen waiting on one query: the spinner, and while the query retries, what fails and when the next try is. */
export function QueryLoadingState({ label, queryKey }: { label: string; queryKey: QueryKey }) {
  return <LoadingState label={label} problem={useRetryWaitText(queryKey)} />
}
