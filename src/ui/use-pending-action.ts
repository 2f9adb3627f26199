import { useState } from 'react'
import { errorMessage } from '../lib/error-message'

/**
 * A dialog's one action in flight (a save, a delete, a run): `busy` while it runs, and `problem`, the
 * message of the error it rejected with, kept for the dialog to show beside what was typed. `run`
 * answers whether the action went through. A problem is cleared only by the caller (`setProblem`),
 * so each dialog decides whether the last refusal stays on screen while it tries again.
 */
export function usePendingAction(initialProblem: string | null = null) {
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(initialProblem)
  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setBusy(true)
    try {
      await action()
      return true
    } catch (error) {
      setProblem(errorMessage(error))
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, problem, setProblem, run }
}
