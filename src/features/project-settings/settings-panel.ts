import { css } from 'styled-system/css'

/** A section of the project's settings: a bordered panel on the page. */
export const settingsPanelClass = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', px: '4' })
