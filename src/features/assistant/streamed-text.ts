/**
 * The text of a streaming answer handed on at most once per `intervalMs`: the first piece at once,
 * then the latest text when the interval ends. A reply of a hundred pieces is a handful of saves
 * (each one an event of the assistant's machine, a render and, in a recording, a step), not a hundred.
 */
export function streamedText(deliver: (text: string) => void, intervalMs: number) {
  let pending: string | null = null
  let timer: ReturnType<typeof setTimeout> | null = null

  const release = () => {
    timer = null
    if (pending === null) return
    const text = pending
    pending = null
    deliver(text)
    timer = setTimeout(release, intervalMs)
  }

  return {
    push(text: string) {
      pending = text
      if (timer === null) release()
    },
    /** Hands on what waits now (before a failure is reported, so the partial answer is kept whole). */
    flush() {
      if (timer !== null) clearTimeout(timer)
      timer = null
      if (pending === null) return
      const text = pending
      pending = null
      deliver(text)
    },
    /** Drops what waits (the answer is done, or stopped). */
    cancel() {
      if (timer !== null) clearTimeout(timer)
      timer = null
      pending = null
    },
  }
}
