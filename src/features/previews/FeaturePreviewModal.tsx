import { Dialog } from '@ark-ui/react/dialog'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { css, cx } from 'styled-system/css'
import { FEATURE_PREVIEW_DISCUSSION_BOARD, FEATURE_PREVIEWS, type FeaturePreview, type FeaturePreviewKey } from '../../constants'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ModalFrame } from '../../ui/dialog'
import { ExternalLink } from '../../ui/external-link'
import { LoadingState } from '../../ui/states'
import { featurePreviewsActor } from './feature-previews-actor'
import { useAvailablePreviews, useFeaturePreviewParam } from './use-previews'

const linkClass = css({ fontSize: 'sm' })

/**
 * SPEC §2 'Dashboard feature previews': open while the URL's featurePreviewModal holds a key.
 * Mounted once in the signed-in layout; it also keeps the remote flags asked for the current
 * project's cloud provider.
 */
export function FeaturePreviewModal({
  projectRef,
  organizationSlug,
  cloudProvider,
}: {
  /** Where the person is: the telemetry groups of a toggle, and the cloud provider the remote flags are asked for. */
  projectRef: string | undefined
  organizationSlug: string | undefined
  cloudProvider: string | null
}) {
  const actor = featurePreviewsActor()
  const { key, show } = useFeaturePreviewParam()
  const open = useSelector(actor, (s) => s.matches({ modal: 'open' }))

  useEffect(() => {
    actor.send(key ? { type: 'modal.open', key } : { type: 'modal.close' })
  }, [actor, key])
  useEffect(() => {
    actor.send({ type: 'flags.refresh', cloudProvider })
  }, [actor, cloudProvider])

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && show(null)} lazyMount unmountOnExit>
      <ModalFrame size="xxlarge" className={css({ p: '0', overflow: 'hidden' })}>
        <div className={css({ px: '5', py: '4', borderBottomWidth: '1px', borderColor: 'border.default', display: 'flex', alignItems: 'center' })}>
          <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold', flex: '1' })}>Dashboard feature previews</Dialog.Title>
          <Dialog.CloseTrigger asChild>
            <Button size="sm" variant="ghost" aria-label="Close">
              ✕
            </Button>
          </Dialog.CloseTrigger>
        </div>
        <PreviewBrowser
          selectedKey={key}
          onSelect={show}
          onToggle={(previewKey) => actor.send({ type: 'preview.toggle', key: previewKey, project: projectRef, organization: organizationSlug })}
        />
      </ModalFrame>
    </Dialog.Root>
  )
}

function PreviewBrowser({
  selectedKey,
  onSelect,
  onToggle,
}: {
  selectedKey: string | null
  onSelect: (key: string) => void
  onToggle: (key: FeaturePreviewKey) => void
}) {
  const { previews, enabled, flagsLoading } = useAvailablePreviews()
  // A link to a preview its remote flag may yet make available waits for the flags: showing the
  // first preview meanwhile would put another preview's toggle under the person's pointer.
  const awaited = flagsLoading && (previews.length === 0 || (selectedKey !== null && !previews.some((p) => p.key === selectedKey) && isPreviewKey(selectedKey)))
  if (awaited) return <LoadingState label="Loading feature previews…" />
  if (previews.length === 0) {
    return (
      <div className={css({ p: '10', display: 'flex', flexDir: 'column', alignItems: 'center', gap: '2', textAlign: 'center' })}>
        <p className={css({ fontWeight: 'medium' })}>No feature previews available</p>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          Have an idea for the dashboard?{' '}
          <ExternalLink href={FEATURE_PREVIEW_DISCUSSION_BOARD} variant="quiet" className={linkClass}>
            Join the discussion
          </ExternalLink>
        </p>
      </div>
    )
  }
  // An unknown key (or a bare "open") shows the first preview.
  const selected = previews.find((p) => p.key === selectedKey) ?? previews[0]!
  return (
    <div className={css({ display: 'flex', minH: '0' })}>
      <ul
        aria-label="Feature previews"
        className={css({
          w: '280px',
          h: '550px',
          maxH: '70vh',
          overflowY: 'auto',
          flexShrink: 0,
          borderRightWidth: '1px',
          borderColor: 'border.default',
          p: '2',
        })}
      >
        {previews.map((preview) => {
          const on = enabled[preview.key as FeaturePreviewKey] === true
          const current = preview.key === selected.key
          return (
            <li key={preview.key}>
              <button
                type="button"
                aria-current={current || undefined}
                onClick={() => onSelect(preview.key)}
                className={cx(
                  css({
                    w: 'full',
                    display: 'flex',
                    alignItems: 'center',
                    gap: '2.5',
                    px: '3',
                    py: '2',
                    borderRadius: 'md',
                    textAlign: 'left',
                    fontSize: 'sm',
                    cursor: 'pointer',
                    _hover: { bg: 'bg.subtle' },
                  }),
                  current && css({ bg: 'bg.subtle', fontWeight: 'medium' }),
                )}
              >
                <StatusIcon on={on} />
                <span className={css({ flex: '1' })}>{preview.name}</span>
              </button>
            </li>
          )
        })}
      </ul>
      <PreviewDetail preview={selected} on={enabled[selected.key as FeaturePreviewKey] === true} onToggle={onToggle} />
    </div>
  )
}

function isPreviewKey(key: string): boolean {
  return FEATURE_PREVIEWS.some((preview) => preview.key === key)
}

function StatusIcon({ on }: { on: boolean }) {
  return (
    <span
      role="img"
      aria-label={on ? 'Enabled' : 'Disabled'}
      className={cx(
        css({ w: '4', h: '4', borderRadius: 'full', flexShrink: 0, display: 'grid', placeItems: 'center', fontSize: '2xs', borderWidth: '1.5px' }),
        on ? css({ bg: 'accent.default', borderColor: 'accent.default', color: 'white' }) : css({ borderColor: 'fg.subtle' }),
      )}
    >
      {on ? '✓' : null}
    </span>
  )
}

function PreviewDetail({ preview, on, onToggle }: { preview: FeaturePreview; on: boolean; onToggle: (key: FeaturePreviewKey) => void }) {
  return (
    <section aria-label={preview.name} className={css({ flex: '1', p: '6', display: 'flex', flexDir: 'column', gap: '4', minW: '0' })}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <h3 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{preview.name}</h3>
        {preview.isNew ? <Badge tone="success">New</Badge> : null}
        <div className={css({ flex: '1' })} />
        <ExternalLink href={preview.discussionsUrl} variant="quiet" className={linkClass}>
          Give feedback
        </ExternalLink>
        <Button variant={on ? 'default' : 'primary'} size="sm" onClick={() => onToggle(preview.key as FeaturePreviewKey)}>
          {on ? 'Disable feature' : 'Enable feature'}
        </Button>
      </div>
      <p className={css({ color: 'fg.muted', lineHeight: 'relaxed' })}>{preview.description}</p>
      {preview.limitations ? (
        <div>
          <h4 id={`${preview.key}-limitations`} className={css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1.5' })}>
            Limitations
          </h4>
          <ul aria-labelledby={`${preview.key}-limitations`} className={css({ listStyle: 'disc', pl: '5', color: 'fg.muted', fontSize: 'sm', lineHeight: 'relaxed' })}>
            {preview.limitations.map((limitation) => (
              <li key={limitation}>{limitation}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className={css({ color: 'fg.subtle', fontSize: 'xs' })}>
        {on ? 'On for you in this browser.' : 'Off. Previews are stored in this browser only and can be turned off at any time.'}
      </p>
    </section>
  )
}
