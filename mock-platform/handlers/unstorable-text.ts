import { RequestHandler } from 'msw'
import { UNSTORABLE_TEXT_BODY_FIELD, UNSTORABLE_TEXT_MESSAGE } from '../../src/constants'
import { findUnstorableText, type UnstorableText } from '../../src/lib/storable-text'
import { errorResponse } from './util'

type Parsed = { found: UnstorableText | null }

/** Bodies read as JSON by the handlers (readJson ignores the type, so an untyped body counts too). */
function mayBeJson(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false
  const type = request.headers.get('content-type')
  return type === null || type.includes('json') || type.startsWith('text/plain')
}

/**
 * Text PostgreSQL cannot store (src/lib/storable-text.ts) in a JSON body is refused before any
 * handler reads it: 400 naming the field, nothing changed. The served platform keeps its records in
 * PostgreSQL; the embedded one refuses the same bodies, so both modes answer alike. The handler
 * matches only a request it refuses that one of `platformHandlers` would answer: any other request
 * is as unhandled, or handled, as before.
 */
class UnstorableTextHandler extends RequestHandler<{ header: string }, Parsed> {
  constructor(private readonly platformHandlers: () => readonly RequestHandler[]) {
    super({ info: { header: 'text PostgreSQL cannot store' }, resolver: () => undefined })
    this.resolver = async ({ request }) => {
      const { found } = await this.parse({ request })
      return found ? errorResponse(400, UNSTORABLE_TEXT_MESSAGE(found.field || UNSTORABLE_TEXT_BODY_FIELD, found.character)) : undefined
    }
  }

  override async parse({ request }: { request: Request }): Promise<Parsed> {
    if (!mayBeJson(request)) return { found: null }
    try {
      return { found: findUnstorableText(JSON.parse(await request.clone().text())) }
    } catch {
      // Not JSON: the handler that reads it answers as it always did.
      return { found: null }
    }
  }

  async predicate({ request, parsedResult }: { request: Request; parsedResult: Parsed }): Promise<boolean> {
    if (!parsedResult.found) return false
    for (const handler of this.platformHandlers()) {
      if (await handler.test({ request: request.clone() })) return true
    }
    return false
  }

  log(): void {}
}

export function unstorableTextHandler(platformHandlers: () => readonly RequestHandler[]): RequestHandler {
  return new UnstorableTextHandler(platformHandlers)
}
