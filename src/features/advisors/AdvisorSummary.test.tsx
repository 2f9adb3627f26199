import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import { lintOf } from '../../test/lint-fixtures'
import { SCREEN_REF, renderProjectScreen } from '../../test/project-screen'
import { AdvisorSummary } from './AdvisorSummary'

describe('the project home’s advisors', () => {
  it('counts the security and performance issues by level, each advisor a link', async () => {
    renderProjectScreen(<AdvisorSummary projectRef={SCREEN_REF} />, {
      actions: ['%'],
      data: [
        [
          queryKeys.projectLints(SCREEN_REF),
          [
            lintOf('rls_disabled_in_public', 'public.a', { level: 'ERROR' }),
            lintOf('rls_disabled_in_public', 'public.b', { level: 'ERROR' }),
            lintOf('function_search_path_mutable', 'public.f', { level: 'WARN' }),
          ],
        ],
      ],
    })
    const security = (await screen.findByRole('link', { name: 'Security: 3 issues' })).closest('li')!
    expect(screen.getByRole('link', { name: 'Security: 3 issues' }).getAttribute('href')).toBe(`/project/${SCREEN_REF}/advisors/security`)
    expect(within(security).getByText('2 errors')).toBeTruthy()
    expect(within(security).getByText('1 warning')).toBeTruthy()
    const performance = screen.getByRole('link', { name: 'Performance: 0 issues' }).closest('li')!
    expect(within(performance).getByText('No issues found')).toBeTruthy()
  })
})
