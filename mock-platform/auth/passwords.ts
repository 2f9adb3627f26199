import type { PlatformContext } from '../context'

/** A new password as the platform keeps it: hashed when it hashes (served), as given otherwise (embedded). */
export function keptPassword(ctx: PlatformContext, password: string): Promise<string> {
  return ctx.passwordHashing ? ctx.passwordHashing.hash(password) : Promise.resolve(password)
}

/** Whether `password` is the one kept as `kept`; null (no such account) never matches. */
export async function passwordMatches(ctx: PlatformContext, password: string, kept: string | null): Promise<boolean> {
  if (!ctx.passwordHashing) return kept !== null && password === kept
  if (kept !== null) return ctx.passwordHashing.verify(password, kept)
  // As slow as a wrong password, so the answer's timing does not tell which addresses have accounts.
  await ctx.passwordHashing.hash(password)
  return false
}
