import { http, HttpResponse } from 'msw'
import { CONSENT_CATEGORY_FIXTURES } from '../../fixtures/consent'
import { CONSENT_CATEGORIES_PATH } from '../../src/constants'
import type { PlatformContext } from '../context'
import { withLatency } from './util'

/** The privacy settings dialog's categories; open to everyone, as the toast shows before sign-in. */
export function consentHandlers(ctx: PlatformContext) {
  return [
    http.get(`*${CONSENT_CATEGORIES_PATH}`, async () => {
      await withLatency(ctx)
      return HttpResponse.json(CONSENT_CATEGORY_FIXTURES)
    }),
  ]
}
