import { css } from 'styled-system/css'

/** The centred column of an organization-level page (the organizations list, an organization, billing, new project). */
export const pageClass = css({ maxW: '6xl', mx: 'auto', px: '6', py: '8', display: 'flex', flexDir: 'column', gap: '6' })
