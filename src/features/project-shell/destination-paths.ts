/** A destination's `owns`: the subpath `prefix` and everything under it. */
export const under = (prefix: string) => (subpath: string) => subpath === prefix || subpath.startsWith(`${prefix}/`)
