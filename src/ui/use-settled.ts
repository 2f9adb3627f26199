import { useEffect, useState } from 'react'

/** `value` once it has stayed the same for `delay` ms, a typing pause (the first value at once). */
export function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}
