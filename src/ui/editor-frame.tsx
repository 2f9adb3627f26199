import type { RefObject } from 'react'
import { css, cx } from 'styled-system/css'
import { LoadingState } from './states'

/** Where a code editor (our Monaco) mounts: it fills its box, with "Loading editor…" until the editor is there. */
export function EditorFrame({ host, loading, testId, hostClassName }: { host: RefObject<HTMLDivElement | null>; loading: boolean; testId: string; hostClassName?: string }) {
  return (
    <div className={css({ position: 'relative', flex: '1', minH: '0' })}>
      {loading ? (
        <div className={css({ position: 'absolute', inset: '0' })}>
          <LoadingState label="Loading editor…" />
        </div>
      ) : null}
      <div ref={host} data-testid={testId} className={cx(css({ position: 'absolute', inset: '0' }), hostClassName)} />
    </div>
  )
}
