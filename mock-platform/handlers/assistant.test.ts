import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { ASSISTANT_GENERATE_PATH, DEMO_CREDENTIALS, SELF_HOSTED } from '../../src/constants'
import { readUiMessageStream } from '../../src/lib/ui-message-stream'
import { useNodeMockPlatform } from '../testing'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
const question = (text: string) => ({ id: 'u1', role: 'user', parts: [{ type: 'text', text }] })

async function answerText(response: Response): Promise<string> {
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/event-stream')
  expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1')
  return readUiMessageStream(response.body!, () => undefined)
}

describe('assistant endpoint, mock model', () => {
  const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })
  const ask = (body: unknown, auth = true) => platform.call(`${ASSISTANT_GENERATE_PATH}`, { method: 'POST', body: JSON.stringify(body) }, auth)

  it('streams SQL written for a real table of the project', async () => {
    const text = await answerText(
      await ask({ projectRef: healthy.ref, connectionString: healthy.connectionString, messages: [question('select all customers')] }),
    )
    expect(text).toContain('```sql')
    expect(text).toContain('from public.customers')
  })

  it('uses the table the dashboard sends as context', async () => {
    const text = await answerText(
      await ask({ projectRef: healthy.ref, connectionString: null, messages: [question('describe this table')], context: { tables: ['public.orders'] } }),
    )
    expect(text).toContain('customer_id')
  })

  it('refuses a bad body with issues, a stranger, and a project of someone else', async () => {
    const bad = await ask({ projectRef: healthy.ref, messages: [] })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: 'Invalid request', issues: ['messages must not be empty'] })
    expect((await ask({ projectRef: healthy.ref, messages: [question('hi')] }, false)).status).toBe(401)
    expect((await ask({ projectRef: 'nosuchprojectrefxxxx', messages: [question('hi')] })).status).toBe(404)
  })
})

describe('assistant endpoint, self-hosted, forwarded to a chat-completions service', () => {
  const COMPLETIONS = 'http://llm.test/v1/chat/completions'
  const platform = useNodeMockPlatform({ selfHosted: true, assistantModel: { url: COMPLETIONS, apiKey: 'sk-test', model: 'tiny-model' } })
  const ask = (text: string) =>
    fetch(`http://localhost/api${ASSISTANT_GENERATE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectRef: SELF_HOSTED.projectRef, messages: [question(text)] }),
    })

  /** The second mock: speaks the chat-completions streaming protocol. */
  function completionsService(events: string[], status = 200) {
    const seen: { body: Record<string, unknown>; authorization: string | null }[] = []
    platform.mock.server.use(
      http.post(COMPLETIONS, async ({ request }) => {
        seen.push({ body: (await request.json()) as Record<string, unknown>, authorization: request.headers.get('authorization') })
        if (status !== 200) return HttpResponse.json({ error: { message: 'model is overloaded' } }, { status })
        return new HttpResponse(events.join(''), { headers: { 'content-type': 'text/event-stream' } })
      }),
    )
    return seen
  }
  const delta = (content: string) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`

  it('sends the conversation with a system prompt and streams the deltas back as a UI-message stream', async () => {
    const seen = completionsService([
      `data: ${JSON.stringify({ choices: [{ delta: { role: 'assistant' } }] })}\n\n`,
      delta('Use '),
      delta('`select 1`.'),
      'data: [DONE]\n\n',
    ])
    expect(await answerText(await ask('how do I test a connection?'))).toBe('Use `select 1`.')
    expect(seen).toHaveLength(1)
    expect(seen[0]!.authorization).toBe('Bearer sk-test')
    expect(seen[0]!.body).toMatchObject({ model: 'tiny-model', stream: true })
    const messages = seen[0]!.body['messages'] as { role: string; content: string }[]
    expect(messages.map((m) => m.role)).toEqual(['system', 'user'])
    expect(messages[1]!.content).toBe('how do I test a connection?')
  })

  it('a refusal by the service becomes an error chunk with its message', async () => {
    completionsService([], 503)
    await expect(answerText(await ask('hello'))).rejects.toThrow('The model service refused the request (503): model is overloaded')
  })

  it('a service stream that stops before [DONE] becomes an error after the text that arrived', async () => {
    completionsService([delta('Half')])
    const seen: string[] = []
    const response = await ask('hello')
    await expect(readUiMessageStream(response.body!, (t) => seen.push(t))).rejects.toThrow('The model service closed the stream before it finished.')
    expect(seen).toEqual(['Half'])
  })
})
