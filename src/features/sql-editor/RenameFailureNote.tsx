import { css, cx } from 'styled-system/css'
import { asSentence } from '../../lib/sentence'
import { Button } from '../../ui/button'
import { useRenameFailure } from './rename-failures'

/** Beside a snippet's name: the rename the server refused, the name that was typed, Retry and Discard. */
export function RenameFailureNote({
  projectRef,
  snippetId,
  onRetry,
  onDiscard,
  className,
}: {
  projectRef: string
  snippetId: string
  onRetry: (name: string) => void
  onDiscard: () => void
  className?: string
}) {
  const failure = useRenameFailure(projectRef, snippetId)
  if (!failure) return null
  return (
    <span role="alert" aria-label="Rename failed" className={cx(className, css({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '1', fontSize: 'xs', color: 'danger.default', minW: '0' }))}>
      <span className={css({ overflowWrap: 'anywhere' })}>
        Not renamed to “{failure.name}”: {asSentence(failure.error)}
      </span>
      <Button size="sm" onClick={() => onRetry(failure.name)}>
        Retry
      </Button>
      <Button size="sm" onClick={onDiscard}>
        Discard
      </Button>
    </span>
  )
}
