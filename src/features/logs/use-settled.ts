import { useEffect, useState } from 'react'
import { LOGS_SEARCH_DEBOUNCE_MS } from '../../constants'

/** `value` once it has stayed the same for a typing pause (the first value at once). */
export function useSettled<T>(value: T, ms: number = LOGS_SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
