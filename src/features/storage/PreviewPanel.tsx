import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { formatDisplayDate } from '../../lib/display-date'
import { formatBytes } from '../../lib/format-bytes'
import { Button } from '../../ui/button'
import type { ExplorerItem } from './explorer-items'
import { FilePreview } from './FilePreview'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: '7rem minmax(0, 1fr)', gap: '2', fontSize: 'xs' })}>
      <dt className={css({ color: 'fg.muted' })}>{label}</dt>
      <dd className={css({ wordBreak: 'break-word' })}>{children}</dd>
    </div>
  )
}

/** The open file: its preview, what is known of it, and what can be done with it. */
export function PreviewPanel({
  projectRef,
  bucketId,
  isPublic,
  item,
  downloading,
  onDownload,
  onCopyUrl,
  onSignedUrl,
  onRename,
  onMove,
  onDelete,
  onClose,
}: {
  projectRef: string
  bucketId: string
  isPublic: boolean
  item: ExplorerItem
  downloading: boolean
  onDownload: () => void
  onCopyUrl: () => void
  onSignedUrl: () => void
  onRename: () => void
  onMove: () => void
  onDelete: () => void
  onClose: () => void
}) {
  const object = item.object
  const meta = object?.metadata
  return (
    <aside aria-label={`File ${item.name}`} className={css({ w: { base: 'full', lg: '96' }, flexShrink: '0', borderLeftWidth: '1px', borderColor: 'border.default', display: 'flex', flexDir: 'column', minH: '0', bg: 'bg.surface' })}>
      <header className={css({ display: 'flex', alignItems: 'flex-start', gap: '2', px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default' })}>
        <h2 className={css({ flex: '1', minW: '0', fontWeight: 'semibold', fontSize: 'sm', wordBreak: 'break-all' })}>{item.name}</h2>
        <Button size="sm" variant="ghost" aria-label="Close the preview" title="Close the preview" onClick={onClose}>
          <X aria-hidden size={14} />
        </Button>
      </header>
      <div className={css({ flex: '1', minH: '0', overflowY: 'auto', p: '3', display: 'flex', flexDir: 'column', gap: '3' })}>
        <FilePreview projectRef={projectRef} bucketId={bucketId} item={item} />
        <dl className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
          <Fact label="Size">{meta?.size === undefined ? '—' : formatBytes(meta.size)}</Fact>
          <Fact label="Type">{meta?.mimetype ?? '—'}</Fact>
          <Fact label="Path">{item.path}</Fact>
          <Fact label="Created">{object?.created_at ? formatDisplayDate(object.created_at) : '—'}</Fact>
          <Fact label="Last modified">{object?.updated_at ? formatDisplayDate(object.updated_at) : '—'}</Fact>
          {meta?.cacheControl ? <Fact label="Cache control">{meta.cacheControl}</Fact> : null}
        </dl>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          <Button size="sm" variant="primary" onClick={onDownload} loading={downloading}>
            Download
          </Button>
          {isPublic ? (
            <Button size="sm" onClick={onCopyUrl}>
              Copy URL
            </Button>
          ) : null}
          <Button size="sm" onClick={onSignedUrl}>
            Get signed URL
          </Button>
          <Button size="sm" onClick={onRename}>
            Rename
          </Button>
          <Button size="sm" onClick={onMove}>
            Move
          </Button>
          <Button size="sm" variant="danger" onClick={onDelete}>
            Delete
          </Button>
        </div>
      </div>
    </aside>
  )
}
