import { useId, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { inputClass } from './field'

/** Small form parts the dialogs that build SQL share: a labelled select, a checkbox with its label, a two-column grid. */

export const labelClass = css({ fontSize: 'sm', color: 'fg.muted' })
export const checkboxLabelClass = css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', fontSize: 'sm' })
export const gridClass = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3' })

export function SelectField({
  label,
  value,
  onChange,
  children,
  disabled,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  children: ReactNode
  disabled?: boolean
}) {
  const id = useId()
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} className={inputClass} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  )
}

export function Checkbox({
  label,
  checked,
  onChange,
  disabled,
  title,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  title?: string
}) {
  return (
    <label className={checkboxLabelClass} title={title}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  )
}
