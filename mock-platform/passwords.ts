import type { PlatformContext } from './context'

/** A new password as the platform keeps it: hashed when it hashes (served), as given otherwise (embedded). */
export function keptPassword(ctx: PlatformContext, password: string): Promise<string> {
  return ctx.passwordHashing ? ctx.passwordHashing.hash(password) : Promise.resolve(password)
}

/** Whether `password` is the one kept as `kept`. */
export function passwordMatches(ctx: PlatformContext, password: string, kept: string): Promise<boolean> {
  return ctx.passwordHashing ? ctx.passwordHashing.verify(password, kept) : Promise.resolve(password === kept)
}
