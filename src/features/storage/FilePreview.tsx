import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { queryKeys } from '../../api/queries/keys'
import { downloadObject } from '../../api/queries/storage'
import { detectDelimiter, parseCsv } from '../../lib/csv'
import { formatBytes } from '../../lib/format-bytes'
import { Spinner } from '../../ui/spinner'
import { previewKind, type ExplorerItem } from './explorer-items'
import { TableHead } from '../../ui/table-head'

/** Text beyond this is not read into the preview (the file downloads whole). */
const TEXT_PREVIEW_BYTES = 256 * 1024
/** Rows of a CSV shown in its preview. */
const CSV_PREVIEW_ROWS = 100
/** Media beyond this is not fetched for a preview (it would be downloaded whole first). */
const MEDIA_PREVIEW_BYTES = 100 * 1024 * 1024

/** The object's bytes for its preview, cached with the folder's listings (so a move or delete drops them). */
function useObjectBytes(projectRef: string, bucketId: string, item: ExplorerItem, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.storageObjects(projectRef, bucketId), 'bytes', item.path, item.object?.metadata?.eTag ?? item.object?.updated_at ?? ''],
    queryFn: ({ signal }) => downloadObject(projectRef, bucketId, item.path, { signal }),
    enabled,
    staleTime: Infinity,
    gcTime: 60_000,
  })
}

/** An object URL for a blob, revoked when the blob changes or the preview goes. */
function useBlobUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!blob) return
    const next = URL.createObjectURL(blob)
    setUrl(next)
    return () => {
      URL.revokeObjectURL(next)
      setUrl(null)
    }
  }, [blob])
  return url
}

/** A blob's text (FileReader where a Blob has no text(), as in older engines and jsdom). */
function readText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text()
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'))
    reader.readAsText(blob)
  })
}

function TextContent({ blob, kind }: { blob: Blob; kind: 'text' | 'json' | 'csv' }) {
  const [text, setText] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void readText(blob.slice(0, TEXT_PREVIEW_BYTES)).then((value) => live && setText(value))
    return () => {
      live = false
    }
  }, [blob])
  const csv = useMemo(() => {
    if (kind !== 'csv' || text === null) return null
    try {
      return parseCsv(text, { delimiter: detectDelimiter(text.split('\n', 1)[0] ?? '') })
    } catch {
      return null
    }
  }, [kind, text])
  if (text === null) return <Spinner label="Reading the file" />
  const cut = blob.size > TEXT_PREVIEW_BYTES ? <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>The first {formatBytes(TEXT_PREVIEW_BYTES)} of {formatBytes(blob.size)}: download it to read it all.</p> : null
  if (csv) {
    return (
      <div className={css({ overflow: 'auto', maxH: 'full' })}>
        <table aria-label="File contents" className={css({ fontSize: 'xs', borderCollapse: 'collapse', '& th, & td': { borderWidth: '1px', borderColor: 'border.default', px: '1.5', py: '0.5', textAlign: 'left', whiteSpace: 'nowrap' } })}>
          <TableHead columns={csv.header} />
          <tbody>
            {csv.rows.slice(0, CSV_PREVIEW_ROWS).map((row, r) => (
              <tr key={r}>
                {row.map((value, c) => (
                  <td key={c}>{value ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {csv.rows.length > CSV_PREVIEW_ROWS ? <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>The first {CSV_PREVIEW_ROWS} of {csv.rows.length} rows.</p> : null}
        {cut}
      </div>
    )
  }
  let shown = text
  if (kind === 'json' && blob.size <= TEXT_PREVIEW_BYTES) {
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2)
    } catch {
      // Not valid JSON: shown as it is.
    }
  }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1', minH: '0' })}>
      <pre aria-label="File contents" className={css({ fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'pre-wrap', wordBreak: 'break-word', overflow: 'auto', bg: 'bg.subtle', p: '2', borderRadius: 'sm', maxH: '96' })}>
        {shown}
      </pre>
      {cut}
    </div>
  )
}

/**
 * What a file looks like: images, text, JSON and CSV, PDF (the browser's viewer, in an <object>), audio
 * and video, all from a blob of its bytes (the download call needs the session, a plain URL would not).
 */
export function FilePreview({ projectRef, bucketId, item }: { projectRef: string; bucketId: string; item: ExplorerItem }) {
  const kind = previewKind(item.name, item.object?.metadata?.mimetype)
  const size = item.object?.metadata?.size ?? 0
  const tooLarge = kind !== 'text' && kind !== 'json' && kind !== 'csv' && size > MEDIA_PREVIEW_BYTES
  const bytes = useObjectBytes(projectRef, bucketId, item, kind !== 'none' && !tooLarge)
  const url = useBlobUrl(bytes.data)
  const frame = css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '2', bg: 'bg.surface', display: 'flex', justifyContent: 'center', alignItems: 'center', minH: '24' })
  if (kind === 'none') return <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>No preview for this kind of file.</p>
  if (tooLarge) return <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Too large to preview here ({formatBytes(size)}): download it instead.</p>
  if (bytes.isError) return <p role="alert" className={css({ fontSize: 'sm', color: 'danger.default' })}>The preview could not be loaded: {bytes.error.message}</p>
  if (!bytes.data || (kind !== 'text' && kind !== 'json' && kind !== 'csv' && !url))
    return (
      <div className={frame}>
        <Spinner label="Loading the preview" />
      </div>
    )
  const label = `Preview of ${item.name}`
  switch (kind) {
    case 'image':
      return (
        <div className={frame}>
          <img src={url!} alt={label} className={css({ maxW: 'full', maxH: '80', objectFit: 'contain' })} />
        </div>
      )
    case 'pdf':
      return (
        <object data={url!} type="application/pdf" aria-label={label} className={css({ w: 'full', h: '96', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md' })}>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>This browser shows no PDF here: download it instead.</p>
        </object>
      )
    case 'audio':
      // eslint-disable-next-line jsx-a11y/media-has-caption -- the user's own file: there are no captions to offer
      return <audio controls src={url!} aria-label={label} className={css({ w: 'full' })} />
    case 'video':
      // eslint-disable-next-line jsx-a11y/media-has-caption -- the user's own file: there are no captions to offer
      return <video controls src={url!} aria-label={label} className={css({ w: 'full', maxH: '80', bg: 'black' })} />
    default:
      return <TextContent blob={bytes.data} kind={kind} />
  }
}
