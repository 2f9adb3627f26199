import { css } from 'styled-system/css'

/**
 * The centred column of an organization-level page (the organizations list, an organization, billing,
 * new project, a project's home). Full width up to its cap: inside a flex column, auto margins would
 * otherwise shrink it to its content, and the column would widen when its content arrives.
 */
export const pageClass = css({ w: 'full', maxW: '6xl', mx: 'auto', px: '6', py: '8', display: 'flex', flexDir: 'column', gap: '6' })
