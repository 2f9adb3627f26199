import { assign, setup } from 'xstate'
import type { CoverageModel } from './testing/model-coverage'

export interface CommandMenuContext {
  query: string
}

export type CommandMenuEvent =
  | { type: 'menu.open' }
  | { type: 'menu.close' }
  | { type: 'menu.toggle' }
  | { type: 'query.change'; query: string }
  /** A route change completed: the menu closes (SPEC §2), whatever opened it. */
  | { type: 'route.changed' }

/**
 * The command menu (SPEC §2): opened by ⌘/Ctrl plus the configured key, closed by Escape, by a
 * command that stays on the page, or when a route change completes. Each opening starts with an
 * empty search.
 */
export const commandMenuMachine = setup({
  types: { context: {} as CommandMenuContext, events: {} as CommandMenuEvent },
}).createMachine({
  id: 'commandMenu',
  context: { query: '' },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'menu.open': { target: 'open', actions: assign({ query: '' }) },
        'menu.toggle': { target: 'open', actions: assign({ query: '' }) },
      },
    },
    open: {
      on: {
        'menu.close': 'closed',
        'menu.toggle': 'closed',
        'route.changed': 'closed',
        'query.change': { actions: assign({ query: ({ event }) => event.query }) },
      },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const commandMenuCoverage: CoverageModel<typeof commandMenuMachine> = {
  events: [{ type: 'menu.open' }, { type: 'menu.close' }, { type: 'menu.toggle' }, { type: 'query.change', query: 'sql' }, { type: 'route.changed' }],
}
