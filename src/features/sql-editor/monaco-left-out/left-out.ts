/** A class of Monaco's that this build leaves out: constructing it throws `why`. */
export function leftOutClass(why: string): new () => never {
  return class {
    constructor() {
      throw new Error(why)
    }
  } as new () => never
}
