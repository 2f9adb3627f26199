import { useEffect, useRef } from 'react'
import { useLocation, useSearch } from 'wouter'
import { SESSION_MESSAGE } from '../constants'
import { showToast } from '../ui/toast'
import { pageSessionRenewal } from './session-renewal'

/** How long the ended-session notice stays (it is read on the sign-in page the user lands on). */
const ENDED_NOTICE_DURATION = 12_000

/**
 * Keeps the session renewed while signed-in screens are shown; when the auth service refuses to
 * renew it, says so and signs out through /logout (storage and cache cleared), coming back here after.
 */
export function SessionRenewal() {
  // Before any screen below asks for data: their requests may need the renewer.
  const renewal = pageSessionRenewal()
  const [location, navigate] = useLocation()
  const search = useSearch()
  const here = useRef('')
  here.current = search ? `${location}?${search}` : location
  useEffect(
    () =>
      renewal.onEnded(() => {
        showToast('info', SESSION_MESSAGE.endedTitle, SESSION_MESSAGE.ended, { duration: ENDED_NOTICE_DURATION })
        navigate(`/logout?${new URLSearchParams({ returnTo: here.current })}`, { replace: true })
      }),
    [renewal, navigate],
  )
  return null
}
