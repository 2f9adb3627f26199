import { useSyncExternalStore } from 'react'
import { getSession, subscribeToSession } from '../../api/session'

/** Whether a session is stored; re-renders when one starts or ends (in this tab or another). */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeToSession, () => getSession() !== null)
}
