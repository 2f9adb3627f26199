/** Time a database suite's hook may take to open, seed or fill a database. */
export const SLOW = 120_000
