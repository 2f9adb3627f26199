import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { DEFAULT_CUSTOM_CONTENT } from '../../constants'
import { settings } from '../../lib/settings'
import SignInPage from './SignInPage'

function renderSignIn() {
  const { hook, searchHook } = memoryLocation({ path: '/sign-in' })
  return render(
    <Router hook={hook} searchHook={searchHook}>
      <SignInPage />
    </Router>,
  )
}

describe('SignInPage', () => {
  afterEach(() => {
    settings.customContent = { ...DEFAULT_CUSTOM_CONTENT }
  })

  it('offers only the code-hosting provider when no custom provider is configured', () => {
    renderSignIn()
    expect(screen.getByRole('button', { name: /Continue with GitHub/ })).toBeTruthy()
    expect(screen.getAllByRole('button', { name: /^Continue with/ })).toHaveLength(1)
  })

  it("offers the operator's custom provider (SPEC §3 custom content) beside it", () => {
    settings.customContent = { ...DEFAULT_CUSTOM_CONTENT, 'dashboard_auth:custom_provider': 'Acme SSO' }
    renderSignIn()
    expect(screen.getByRole('button', { name: 'Continue with Acme SSO' })).toBeTruthy()
    expect(screen.getByRole('button', { name: /Continue with GitHub/ })).toBeTruthy()
  })
})
