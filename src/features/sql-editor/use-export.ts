import { useEffect, useRef, useState } from 'react'
import { showToast } from '../../ui/toast'
import type { ExportProgress } from './result-export'
import { errorMessage } from '../../lib/error-message'

/**
 * One export at a time with its progress, Cancel, and the toasts for done, cancelled and failed;
 * an export still running when the component goes away is aborted. `run` answers the success toast.
 */
export function useExport() {
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const controller = useRef<AbortController | null>(null)
  useEffect(() => () => controller.current?.abort(), [])

  async function start(
    total: number,
    run: (signal: AbortSignal, onProgress: (progress: ExportProgress) => void) => Promise<[title: string] | [title: string, description: string]>,
  ) {
    if (controller.current) return
    const current = new AbortController()
    controller.current = current
    setProgress({ done: 0, total })
    try {
      const [title, description] = await run(current.signal, setProgress)
      // The success toast carries a description only when the export gave one.
      if (description === undefined) showToast('success', title)
      else showToast('success', title, description)
    } catch (error) {
      if (current.signal.aborted) showToast('info', 'Export cancelled')
      else showToast('error', 'Export failed', errorMessage(error))
    } finally {
      controller.current = null
      setProgress(null)
    }
  }

  return { progress, start, cancel: () => controller.current?.abort() }
}
