// The figures' arithmetic, the same in every bench: a percentile by nearest rank, and one decimal.

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}
export const median = (values) => percentile(values, 50)
export const round1 = (n) => Math.round(n * 10) / 10
