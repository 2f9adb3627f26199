import { useState } from 'react'
import { errorMessage } from '../../lib/error-message'
import { showToast } from '../../ui/toast'

/**
 * A list's switches that each run one statement (a trigger enabled, a table in a publication): which
 * one is running (its switch waits), and the run, said in a toast either way, the list read again after.
 */
export function useSwitchRun(run: (sql: string) => Promise<unknown>, refresh: () => Promise<unknown>) {
  const [running, setRunning] = useState<string | null>(null)
  async function flip(key: string, sql: string, said: { done: string; failed: string }) {
    setRunning(key)
    try {
      await run(sql)
      showToast('success', said.done)
      await refresh()
    } catch (error) {
      showToast('error', said.failed, errorMessage(error))
    } finally {
      setRunning(null)
    }
  }
  return { running, flip }
}
