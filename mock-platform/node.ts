import { setupServer } from 'msw/node'
import type { MockScenario } from '../src/constants'
import type { ChatCompletionsModel } from './assistant/chat-completions'
import type { CronHostingOptions } from './cron/cron-hosting'
import { observeTraffic } from './logs/log-events'
import { createMockPlatform } from './platform'

/** The mock platform for vitest: msw in node, each project's Postgres an in-memory PGlite. */
export async function createNodeMockPlatform(options: { latency?: number; scenario?: MockScenario | null; selfHosted?: boolean; contentStorage?: Storage; assistantModel?: ChatCompletionsModel | null; cron?: CronHostingOptions } = {}) {
  const platform = await createMockPlatform({
    databases: async (seeding) => (await import('./postgres/pglite-memory')).createMemoryDatabaseProvider(seeding),
    latency: options.latency,
    scenario: options.scenario,
    selfHosted: options.selfHosted,
    contentStorage: options.contentStorage,
    assistantModel: options.assistantModel,
    cron: options.cron,
  })
  const server = setupServer(...platform.handlers())
  observeTraffic(platform.ctx, server.events)
  return {
    platform,
    server,
    setScenario(scenario: MockScenario | null) {
      platform.ctx.scenario = scenario
      server.resetHandlers(...platform.handlers())
    },
  }
}
