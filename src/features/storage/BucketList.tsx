import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { StorageBucket } from '../../api/queries/storage'
import { formatDisplayDate } from '../../lib/display-date'
import { formatBytes } from '../../lib/format-bytes'
import { Badge } from '../../ui/badge'
import { Menu, MenuItem } from '../../ui/menu'
import { toolCellClass, ToolTable } from '../database'
import type { BucketDialogRequest } from './BucketDialogs'

/** A bucket's access as a badge: public (readable by URL) or private. */
export function AccessBadge({ bucket }: { bucket: StorageBucket }) {
  return bucket.public ? <Badge tone="warning">Public</Badge> : <Badge>Private</Badge>
}

export function sizeLimitText(bucket: StorageBucket): string {
  return bucket.file_size_limit === null ? 'No limit' : formatBytes(bucket.file_size_limit)
}

export function mimeTypesText(bucket: StorageBucket): string {
  return bucket.allowed_mime_types && bucket.allowed_mime_types.length > 0 ? bucket.allowed_mime_types.join(', ') : 'Any type'
}

/** A bucket's Edit, Empty and Delete, in a menu named after it. */
export function BucketActions({ bucket, onRequest }: { bucket: StorageBucket; onRequest: (request: BucketDialogRequest) => void }) {
  return (
    <Menu compact label={`Actions of bucket ${bucket.name}`} triggerLabel="⋯" onSelect={(kind) => onRequest({ kind: kind as 'edit' | 'empty' | 'delete', bucket })}>
      <MenuItem value="edit">Edit bucket</MenuItem>
      <MenuItem value="empty">Empty bucket</MenuItem>
      <MenuItem value="delete">Delete bucket</MenuItem>
    </Menu>
  )
}

/** Every bucket of the project: access, limits, and a link to its files. */
export function BucketTable({ buckets, hrefOf, onRequest }: { buckets: readonly StorageBucket[]; hrefOf: (bucket: StorageBucket) => string; onRequest: (request: BucketDialogRequest) => void }) {
  return (
    <ToolTable columns={['Name', 'Access', 'File size limit', 'Allowed MIME types', 'Created', { hidden: 'Actions' }]}>
      {buckets.map((bucket) => (
        <tr key={bucket.id} aria-label={bucket.name}>
          <td className={toolCellClass}>
            <Link href={hrefOf(bucket)} className={css({ fontWeight: 'medium', color: 'accent.default', wordBreak: 'break-word', _hover: { textDecoration: 'underline' } })}>
              {bucket.name}
            </Link>
          </td>
          <td className={toolCellClass}>
            <AccessBadge bucket={bucket} />
          </td>
          <td className={toolCellClass}>{sizeLimitText(bucket)}</td>
          <td className={toolCellClass}>
            <span className={css({ fontSize: 'xs', wordBreak: 'break-word' })}>{mimeTypesText(bucket)}</span>
          </td>
          <td className={toolCellClass}>
            <span className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })}>{formatDisplayDate(bucket.created_at)}</span>
          </td>
          <td className={toolCellClass}>
            <BucketActions bucket={bucket} onRequest={onRequest} />
          </td>
        </tr>
      ))}
    </ToolTable>
  )
}

/** The old layout's bucket list beside the explorer: each bucket a link, the open one marked. */
export function BucketMenu({ buckets, current, hrefOf, onRequest }: { buckets: readonly StorageBucket[]; current: string | null; hrefOf: (bucket: StorageBucket) => string; onRequest: (request: BucketDialogRequest) => void }) {
  return (
    <ul className={css({ display: 'flex', flexDir: 'column', gap: '0.5' })}>
      {buckets.map((bucket) => (
        <li key={bucket.id} className={css({ display: 'flex', alignItems: 'center', gap: '1', borderRadius: 'sm', '&[data-current=true]': { bg: 'bg.muted' }, _hover: { bg: 'bg.subtle' } })} data-current={bucket.id === current}>
          <Link
            href={hrefOf(bucket)}
            aria-current={bucket.id === current ? 'page' : undefined}
            className={css({ flex: '1', minW: '0', display: 'flex', alignItems: 'center', gap: '2', px: '2', py: '1.5', fontSize: 'sm' })}
          >
            <span className={css({ flex: '1', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{bucket.name}</span>
            {bucket.public ? <Badge tone="warning">Public</Badge> : null}
          </Link>
          <BucketActions bucket={bucket} onRequest={onRequest} />
        </li>
      ))}
    </ul>
  )
}
