/**
 * The mock auth service's OAuth state: where to send the browser back after the provider. The
 * real service signs it; the mock only encodes it (its callback still checks the address is this
 * dashboard's).
 */
export function signInState(redirectTo: string): string {
  return btoa(JSON.stringify({ redirect_to: redirectTo }))
}

export function readSignInState(state: unknown): string | null {
  if (typeof state !== 'string') return null
  try {
    const payload = JSON.parse(atob(state)) as { redirect_to?: unknown }
    return typeof payload.redirect_to === 'string' ? payload.redirect_to : null
  } catch {
    return null
  }
}
