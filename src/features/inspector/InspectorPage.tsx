import { useEffect, useMemo, useState, type ChangeEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { useSearch } from 'wouter'
import { machineRegistry, type MachineEntry } from '../../../machines/index'
import type { PublishedActor, PublishedLogEntry } from '../../lib/inspector-channel'
import { eventLabel, stateLabel } from '../../lib/machine-chart'
import { parseRecording, type MachineRecording } from '../../lib/machine-recording'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ValueOptions } from '../../ui/field'
import { PageMain } from '../../ui/page-main'
import { sideListItemStyle } from '../../ui/side-panel'
import { JsonTree } from './JsonTree'
import { MachineChart } from './MachineChart'
import { ReplayPanel } from './ReplayPanel'
import { useInspectorFeed, type TabFeed } from './use-inspector-feed'
import { downloadBlob } from '../../lib/download'

const registryById = new Map<string, MachineEntry>(machineRegistry.map((entry) => [entry.machine.id, entry]))

const panelClass = css({
  display: 'flex',
  flexDir: 'column',
  minH: '0',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
})
const panelHeadingClass = css({
  fontSize: 'xs',
  fontWeight: 'semibold',
  textTransform: 'uppercase',
  letterSpacing: 'wide',
  color: 'fg.muted',
  px: '3',
  pt: '2.5',
  pb: '1.5',
})
const inputClass = css({
  h: '7',
  px: '2',
  fontSize: 'xs',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  bg: 'bg.canvas',
  color: 'fg.default',
  minW: '0',
})

function clockTime(at: number): string {
  const date = new Date(at)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
}

function actorName(actor: PublishedActor): string {
  return actor.id === actor.sessionId ? actor.machine : `${actor.machine} · ${actor.id.replace(`${actor.machine}:`, '')}`
}

function downloadJson(name: string, value: unknown) {
  downloadBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), name)
}

// The chosen actor is marked down its left edge as well: the list beside the chart reads as its source.
const actorClass = css(sideListItemStyle, { display: 'block', borderRadius: 'md', '&[aria-pressed=true]': { boxShadow: 'inset 2px 0 0 token(colors.accent.default)' } })

function ActorList({ actors, selected, onSelect }: { actors: PublishedActor[]; selected: string | null; onSelect: (sessionId: string) => void }) {
  const [filter, setFilter] = useState('')
  const shown = actors.filter((actor) => actorName(actor).toLowerCase().includes(filter.trim().toLowerCase()))
  return (
    <section aria-label="Actors" className={cx(panelClass, css({ overflow: 'hidden' }))}>
      <h2 className={panelHeadingClass}>Actors ({actors.length})</h2>
      <div className={css({ px: '3', pb: '2' })}>
        <input
          aria-label="Filter actors"
          placeholder="Filter actors"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className={cx(inputClass, css({ w: 'full' }))}
        />
      </div>
      <ul className={css({ overflow: 'auto', flex: '1', px: '1.5', pb: '2', display: 'flex', flexDir: 'column', gap: '0.5' })}>
        {shown.map((actor) => (
          <li key={actor.sessionId}>
            <button
              type="button"
              aria-pressed={actor.sessionId === selected}
              onClick={() => onSelect(actor.sessionId)}
              className={actorClass}
            >
              <span className={css({ display: 'flex', gap: '1.5', alignItems: 'center' })}>
                {/* Its name is its text, 'name state (status)': a label of its own hid the text (label-content-name-mismatch). */}
                <strong className={css({ fontSize: 'sm' })}>{actorName(actor)}</strong>
                {actor.state.status !== 'active' ? (
                  <span aria-hidden>
                    <Badge tone={actor.state.status === 'done' ? 'info' : 'neutral'}>{actor.state.status}</Badge>
                  </span>
                ) : null}
              </span>
              <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted', fontFamily: 'mono', truncate: true })}>
                {stateLabel(actor.state.value)}
              </span>
              {actor.state.status !== 'active' ? <span className={css({ srOnly: true })}>{` (${actor.state.status})`}</span> : null}
            </button>
          </li>
        ))}
        {shown.length === 0 ? <li className={css({ px: '2', color: 'fg.muted', fontSize: 'xs' })}>No actor matches.</li> : null}
      </ul>
    </section>
  )
}

function EventLog({ log }: { log: PublishedLogEntry[] }) {
  const [type, setType] = useState('')
  const types = useMemo(() => [...new Set(log.map((entry) => entry.type))].sort(), [log])
  const shown = (type ? log.filter((entry) => entry.type === type) : log).slice().reverse()
  return (
    <section aria-label="Event log" className={cx(panelClass, css({ flex: '1', overflow: 'hidden' }))}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', pr: '3' })}>
        <h2 className={panelHeadingClass}>Events ({log.length})</h2>
        <select
          aria-label="Filter by event type"
          value={type}
          onChange={(e) => setType(e.target.value)}
          className={cx(inputClass, css({ ml: 'auto', maxW: '56' }))}
        >
          <option value="">All event types</option>
          <ValueOptions values={types} />
        </select>
      </div>
      <ol className={css({ overflow: 'auto', flex: '1', px: '3', pb: '2' })}>
        {shown.map((entry) => (
          <li key={entry.seq} className={css({ borderTopWidth: '1px', borderColor: 'border.default', py: '1' })}>
            <details>
              <summary className={css({ cursor: 'pointer', fontSize: 'xs' })}>
                <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap' })}>
                  <time className={css({ fontFamily: 'mono', color: 'fg.muted' })}>{clockTime(entry.at)}</time>
                  <code title={entry.type} className={css({ fontWeight: 'semibold', color: 'info.default' })}>
                    {eventLabel(entry.type)}
                  </code>
                  {entry.source ? <span className={css({ color: 'fg.subtle' })}>from {entry.source}</span> : null}
                </span>
                <span className={css({ display: 'block', pl: '4', color: 'fg.muted', fontFamily: 'mono' })}>→ {stateLabel(entry.state.value)}</span>
              </summary>
              <div className={css({ pl: '2', py: '1' })}>
                <JsonTree value={entry.event} label={`Event ${entry.type}`} />
              </div>
            </details>
          </li>
        ))}
      </ol>
    </section>
  )
}

function SelectedActor({ actor }: { actor: PublishedActor }) {
  const entry = registryById.get(actor.machine)
  return (
    <>
      <section aria-label="Chart" className={cx(panelClass, css({ overflow: 'hidden' }))}>
        <div className={css({ px: '3', pt: '2.5', pb: '2', display: 'flex', flexDir: 'column', gap: '1' })}>
          <div className={css({ display: 'flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap' })}>
            <h2 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>{actorName(actor)}</h2>
            <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
              started {clockTime(actor.startedAt)} · {actor.state.status}
            </span>
          </div>
          {entry ? <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{entry.description}</p> : null}
          <div className={css({ fontSize: 'sm' })}>
            Current state:{' '}
            <output aria-label="Current state" className={css({ fontFamily: 'mono', fontWeight: 'semibold', color: 'accent.default' })}>
              {stateLabel(actor.state.value)}
            </output>
          </div>
        </div>
        <div className={css({ overflow: 'auto', flex: '1', px: '3', pb: '3' })}>
          {entry ? (
            <MachineChart machine={entry.machine} value={actor.state.value} />
          ) : (
            <p className={css({ color: 'fg.muted' })}>“{actor.machine}” is not in the machine registry: no chart.</p>
          )}
        </div>
      </section>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '2', minH: '0' })}>
        <section aria-label="Context" className={cx(panelClass, css({ maxH: '45%', overflow: 'hidden' }))}>
          <h2 className={panelHeadingClass}>Context</h2>
          <div className={css({ overflow: 'auto', px: '3', pb: '2' })}>
            <JsonTree value={actor.state.context} label="Context tree" />
          </div>
        </section>
        <EventLog log={actor.log} />
      </div>
    </>
  )
}

function TabPicker({ tabs, tab, onChoose }: { tabs: TabFeed[]; tab: TabFeed | undefined; onChoose: (tabId: string) => void }) {
  if (tabs.length > 1) {
    return (
      <select aria-label="App tab" value={tab?.tabId ?? ''} onChange={(e) => onChoose(e.target.value)} className={cx(inputClass, css({ maxW: '80' }))}>
        {tabs.map((t) => (
          <option key={t.tabId} value={t.tabId}>
            {t.title} — {t.path}
          </option>
        ))}
      </select>
    )
  }
  return (
    <span className={css({ fontSize: 'xs', color: 'fg.muted', truncate: true })}>
      {tab ? (
        <>
          Following <strong>{tab.path}</strong>
        </>
      ) : (
        'Waiting for the app tab… (open the dashboard in this browser)'
      )}
    </span>
  )
}

/**
 * The machine inspector (issue 9): the actors of an app tab, live over a BroadcastChannel; the
 * selected one's chart, context and events; recording, export, import and replay. Works offline.
 */
export default function InspectorPage() {
  const search = useSearch()
  const feed = useInspectorFeed()
  const [chosenTab, setChosenTab] = useState<string | null>(() => new URLSearchParams(search).get('tab'))
  const tab = feed.tabs.find((t) => t.tabId === chosenTab) ?? (chosenTab && feed.tabs.length === 0 ? undefined : feed.tabs[0])
  const actors = tab?.actors ?? []
  const [selected, setSelected] = useState<string | null>(null)
  const actor = actors.find((a) => a.sessionId === selected) ?? actors.find((a) => a.state.status === 'active') ?? actors[0]
  const [replay, setReplay] = useState<{ recording: MachineRecording; source: string } | null>(null)
  const [importError, setImportError] = useState<string | null>(null)
  const recorded = feed.recording && feed.recording.tabId === tab?.tabId ? feed.recording.recording : null

  useEffect(() => {
    document.title = 'Machine inspector · Studio'
  }, [])

  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const result = parseRecording(await file.text())
    if (!result.ok) {
      setImportError(`${file.name}: ${result.error}`)
      return
    }
    setImportError(null)
    setReplay({ recording: result.recording, source: `Imported ${file.name}` })
  }

  return (
    <div className={css({ h: '100vh', display: 'flex', flexDir: 'column', gap: '2', p: '2', bg: 'bg.canvas' })}>
      <header className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', px: '1' })}>
        <h1 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>Machine inspector</h1>
        <TabPicker tabs={feed.tabs} tab={tab} onChoose={setChosenTab} />
        <div className={css({ ml: 'auto', display: 'flex', gap: '2', alignItems: 'center' })}>
          {tab?.recording ? (
            <>
              <span role="status" className={css({ color: 'danger.default', fontWeight: 'semibold', fontSize: 'xs' })}>
                ● Recording
              </span>
              <Button size="sm" variant="danger" onClick={() => feed.send({ kind: 'record.stop', tabId: tab.tabId })}>
                Stop recording
              </Button>
            </>
          ) : (
            <Button size="sm" disabled={!tab} onClick={() => tab && feed.send({ kind: 'record.start', tabId: tab.tabId })}>
              Start recording
            </Button>
          )}
          {recorded ? (
            <>
              <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                Recorded {recorded.tracks.reduce((n, t) => n + t.events.length, 0)} events of {recorded.tracks.length} actors
              </span>
              <Button size="sm" onClick={() => downloadJson(`machine-recording-${recorded.recordedAt.replace(/[:.]/g, '-')}.json`, recorded)}>
                Export recording
              </Button>
              <Button size="sm" onClick={() => setReplay({ recording: recorded, source: 'Recorded in this session' })}>
                Replay recording
              </Button>
            </>
          ) : null}
          <label className={css({ cursor: 'pointer' })}>
            <span className={css({ srOnly: true })}>Import recording</span>
            <input type="file" accept="application/json,.json" onChange={(event) => void onImport(event)} className={css({ srOnly: true })} />
            <span
              aria-hidden
              className={css({
                display: 'inline-flex',
                alignItems: 'center',
                h: '7',
                px: '2.5',
                fontSize: 'xs',
                borderWidth: '1px',
                borderColor: 'border.default',
                borderRadius: 'md',
                bg: 'bg.surface',
                fontWeight: 'medium',
              })}
            >
              Import recording…
            </span>
          </label>
        </div>
      </header>
      {importError ? (
        <p role="alert" className={css({ color: 'danger.default', px: '1' })}>
          {importError}
        </p>
      ) : null}
      <PageMain className={css({ flex: '1', minH: '0', display: 'grid', gridTemplateColumns: '240px minmax(0, 1fr) 380px', gap: '2' })}>
        <ActorList actors={actors} selected={actor?.sessionId ?? null} onSelect={setSelected} />
        {actor ? (
          <SelectedActor key={actor.sessionId} actor={actor} />
        ) : (
          <p className={css({ color: 'fg.muted', p: '4', gridColumn: 'span 2' })}>No actor yet.</p>
        )}
      </PageMain>
      {replay ? (
        <div className={cx(panelClass, css({ maxH: '45vh', overflow: 'auto', p: '3' }))}>
          <ReplayPanel recording={replay.recording} source={replay.source} registry={machineRegistry} onClose={() => setReplay(null)} />
        </div>
      ) : null}
    </div>
  )
}
