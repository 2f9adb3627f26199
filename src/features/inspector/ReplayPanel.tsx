import { useCallback, useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import type { MachineEntry } from '../../../machines/index'
import { stateLabel } from '../../lib/machine-chart'
import { checkTrack, createReplay, type MachineRecording, type Replay, type ReplayStep, type RecordingTrack } from '../../lib/machine-recording'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { formatDisplayDate } from '../../lib/display-date'
import { TableHead } from '../../ui/table-head'

const cellClass = css({ px: '2', py: '1', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top', textAlign: 'left' })

function StepRow({ step }: { step: ReplayStep }) {
  const matches = step.differences.length === 0
  return (
    <tr aria-label={`Step ${step.index}`} className={cx(!matches && css({ bg: 'danger.subtle' }))}>
      <td className={cellClass}>{step.index}</td>
      <td className={cellClass}>{step.index === 0 ? 'start' : `+${step.t} ms`}</td>
      <td className={cellClass}>
        <code>{step.eventType ?? '—'}</code>
      </td>
      <td className={cellClass}>{stateLabel(step.expected.value)}</td>
      <td className={cellClass}>{stateLabel(step.actual.value)}</td>
      <td className={cellClass}>
        {matches ? (
          <span className={css({ color: 'accent.default' })}>✓ matches</span>
        ) : (
          <div>
            <strong className={css({ color: 'danger.default' })}>✗ differs</strong>
            <ul className={css({ fontFamily: 'mono', fontSize: 'xs' })}>
              {step.differences.map((difference) => (
                <li key={difference}>{difference}</li>
              ))}
            </ul>
          </div>
        )}
      </td>
    </tr>
  )
}

function TrackReplay({ track, registry }: { track: RecordingTrack; registry: readonly MachineEntry[] }) {
  const check = checkTrack(track, registry)
  const replay = useRef<Replay | null>(null)
  const [steps, setSteps] = useState<readonly ReplayStep[]>([])
  const entry = check.status === 'ok' ? check.entry : null

  // A new track or machine starts a new replay.
  const reset = useCallback(() => {
    replay.current?.stop()
    replay.current = entry ? createReplay(entry.machine, track) : null
    setSteps(replay.current ? [...replay.current.steps] : [])
  }, [track, entry])
  useEffect(() => {
    reset()
    return () => replay.current?.stop()
  }, [reset])

  const position = steps.length ? steps.length - 1 : 0
  const differing = steps.filter((step) => step.differences.length > 0).length
  const finished = position === track.events.length
  return (
    <section
      aria-label={`Replay of ${track.machine} (${track.actorId})`}
      className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3', display: 'flex', flexDir: 'column', gap: '2' })}
    >
      <header className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
        <strong>{track.machine}</strong>
        <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
          {track.actorId} · {track.events.length} events · {track.fromStart ? 'from its input' : 'from its state when recording began'} · hash{' '}
          <code>{track.hash}</code>
        </span>
        {check.status === 'ok' ? <Badge tone="success">Definition unchanged</Badge> : null}
      </header>
      {check.status === 'changed' ? (
        <p role="alert" className={css({ color: 'danger.default', fontWeight: 'medium' })}>
          Definition changed: recorded with version {check.recordedHash}, the machine is now {check.currentHash}. Not replayed.
        </p>
      ) : null}
      {check.status === 'unknown' ? (
        <p role="alert" className={css({ color: 'danger.default', fontWeight: 'medium' })}>
          Unknown machine “{check.machine}”: it is not in the registry. Not replayed.
        </p>
      ) : null}
      {entry ? (
        <>
          <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
            <Button
              size="sm"
              disabled={finished}
              onClick={() => {
                replay.current?.step()
                setSteps([...(replay.current?.steps ?? [])])
              }}
            >
              Step
            </Button>
            <Button
              size="sm"
              variant="primary"
              disabled={finished}
              onClick={() => {
                replay.current?.runAll()
                setSteps([...(replay.current?.steps ?? [])])
              }}
            >
              Replay all
            </Button>
            <Button size="sm" variant="ghost" onClick={reset}>
              Reset
            </Button>
            <span role="status" className={css({ fontSize: 'xs', color: differing ? 'danger.default' : 'fg.muted' })}>
              {position}/{track.events.length} events replayed ·{' '}
              {differing
                ? `${differing} ${differing === 1 ? 'state differs' : 'states differ'} from the recording`
                : `all ${steps.length} states match the recording`}
            </span>
          </div>
          <table className={css({ width: 'full', fontSize: 'xs', borderCollapse: 'collapse' })}>
            <TableHead columns={['#', 'Time', 'Event', 'Recorded state', 'Replayed state', 'Result']} cellClass={cx(cellClass, css({ color: 'fg.muted', fontWeight: 'medium' }))} />
            <tbody>
              {steps.map((step) => (
                <StepRow key={step.index} step={step} />
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  )
}

/** A recording (recorded here or imported): each actor's track replayed against a fresh actor of its machine. */
export function ReplayPanel({
  recording,
  source,
  registry,
  onClose,
}: {
  recording: MachineRecording
  source: string
  registry: readonly MachineEntry[]
  onClose: () => void
}) {
  return (
    <section aria-label="Replay" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <header className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        <h2 className={css({ fontWeight: 'semibold' })}>Replay</h2>
        <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
          {source} · recorded {formatDisplayDate(recording.recordedAt)} · {Math.round(recording.durationMs / 100) / 10} s · {recording.tracks.length}{' '}
          actor{recording.tracks.length === 1 ? '' : 's'}
          {recording.truncated ? ' · truncated at the event limit' : ''}
        </span>
        <Button size="sm" variant="ghost" className={css({ ml: 'auto' })} onClick={onClose}>
          Close replay
        </Button>
      </header>
      {recording.tracks.length === 0 ? <p className={css({ color: 'fg.muted' })}>No actor processed an event while recording.</p> : null}
      {recording.tracks.map((track) => (
        <TrackReplay key={`${track.actorId}-${track.hash}`} track={track} registry={registry} />
      ))}
    </section>
  )
}
