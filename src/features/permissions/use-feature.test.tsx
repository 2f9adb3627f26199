import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import { useFeatureEnabled } from './use-feature'

function withProfile(disabled_features: string[] | undefined) {
  const client = new QueryClient()
  if (disabled_features) client.setQueryData(queryKeys.profile(), { disabled_features })
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
}

describe('useFeatureEnabled', () => {
  it("honours the profile's disabled_features", () => {
    const off = renderHook(() => useFeatureEnabled('project_homepage:show_connection_string'), {
      wrapper: withProfile(['project_homepage:show_connection_string']),
    })
    expect(off.result.current).toBe(false)
    const on = renderHook(() => useFeatureEnabled('theme:switch'), { wrapper: withProfile(['project_homepage:show_connection_string']) })
    expect(on.result.current).toBe(true)
  })

  it('is on while the profile is not loaded', () => {
    const { result } = renderHook(() => useFeatureEnabled('project_creation:all'), { wrapper: withProfile(undefined) })
    expect(result.current).toBe(true)
  })
})
