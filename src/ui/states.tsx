import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Button } from './button'
import { Spinner } from './spinner'

/** A spinner with what is loading; `problem` says what went wrong meanwhile (a failing server, the next try). */
export function LoadingState({ label = 'Loading…', problem }: { label?: string; problem?: string | null }) {
  const spinner = (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted', py: problem ? '0' : '10', justifyContent: 'center' })}>
      <Spinner label={label} /> {label}
    </div>
  )
  if (!problem) return spinner
  return (
    <div className={css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '2', py: '10' })}>
      {spinner}
      <p role="status" className={css({ color: 'warning.default', fontSize: 'sm', textAlign: 'center', maxW: 'lg' })}>
        {problem}
      </p>
    </div>
  )
}

export function ErrorState({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className={css({ borderWidth: '1px', borderColor: 'danger.default', bg: 'danger.subtle', borderRadius: 'md', p: '4', display: 'flex', flexDir: 'column', gap: '2', alignItems: 'flex-start' })}>
      <strong>{title}</strong>
      <p className={css({ color: 'fg.muted' })}>{message}</p>
      {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
    </div>
  )
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={css({ borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong', borderRadius: 'md', p: '10', textAlign: 'center', display: 'flex', flexDir: 'column', gap: '2', alignItems: 'center' })}>
      <strong>{title}</strong>
      {children ? <div className={css({ color: 'fg.muted' })}>{children}</div> : null}
    </div>
  )
}

/**
 * A query's data, or what stands in for it until there is some: its loading state (a label, or a node
 * such as a loading state that names the retries), or its failure with a way to try again.
 */
export function QueryStates<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<T>
  loading: ReactNode
  failed: string
  children: (data: T) => ReactNode
}) {
  if (query.isPending) return typeof loading === 'string' ? <LoadingState label={loading} /> : loading
  if (query.isError) return <ErrorState title={failed} message={query.error.message} onRetry={() => void query.refetch()} />
  return children(query.data)
}
