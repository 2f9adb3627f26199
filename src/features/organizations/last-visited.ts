import * as v from 'valibot'
import { LAST_ORGANIZATION_KEY } from '../../constants'
import { browserStorage, readStored, writeStored } from '../../lib/storage'

const SlugSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(200))

export function readLastVisitedOrganization(): string | null {
  return readStored(browserStorage('local'), LAST_ORGANIZATION_KEY, SlugSchema)
}

export function rememberOrganization(slug: string): void {
  writeStored(browserStorage('local'), LAST_ORGANIZATION_KEY, slug)
}
