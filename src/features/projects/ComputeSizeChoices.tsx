import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { COMPUTE_SIZES, type ComputeSizeId } from '../../constants'
import { choiceCardClass } from '../../ui/form-section'

/** The compute sizes as radio cards with their figures (SPEC §9): a new project's choice, and a running one's change. */
export function ComputeSizeChoices({
  value,
  onChange,
  disabled,
  extra,
}: {
  value: ComputeSizeId
  onChange: (size: ComputeSizeId) => void
  disabled?: boolean
  /** A line more per size (its price, "Current"). */
  extra?: (size: ComputeSizeId) => ReactNode
}) {
  return (
    <div role="radiogroup" aria-label="Compute size" className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' })}>
      {COMPUTE_SIZES.map((size) => (
        <label key={size.id} className={choiceCardClass}>
          <span className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
            <input type="radio" name="compute-size" value={size.id} checked={value === size.id} disabled={disabled} onChange={() => onChange(size.id)} />
            <strong>{size.label}</strong>
            <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
              {size.memoryGb} GB memory · {size.cpu}
            </span>
          </span>
          <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
            Disk IO {size.baselineDiskIoMbps} MB/s baseline, up to {size.maxDiskIoMbps} MB/s · {size.directConnections} direct connections ·{' '}
            {size.poolerConnections} pooler connections · {size.dedicatedCpu ? 'dedicated' : 'not dedicated'}
          </span>
          {extra ? <span className={css({ fontSize: 'sm' })}>{extra(size.id)}</span> : null}
        </label>
      ))}
    </div>
  )
}
