import { assign, setup } from 'xstate'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'

export interface NewProjectRequest {
  name: string
  organizationSlug: string
  dbPass: string
  region: string
  cloudProvider: string
  computeSize: string
}

export interface CreatedProject {
  ref: string
  name: string
}

/**
 * Submitting the new-project form. The form keeps its values in every state, so a failed
 * creation loses nothing; `onCreated` (the app navigates to the project) runs once at the end.
 */
export const createProjectMachine = setup({
  types: {
    context: {} as { error: string | null; created: CreatedProject | null },
    events: {} as { type: 'submit'; request: NewProjectRequest } | { type: 'edit' },
  },
  actors: {
    create: providedByTheApp<CreatedProject, NewProjectRequest>('create'),
  },
  actions: {
    onCreated: (_, _params: { project: CreatedProject }) => {},
  },
}).createMachine({
  id: 'createProject',
  context: { error: null, created: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        submit: { target: 'creating', actions: assign({ error: null }) },
        edit: { actions: assign({ error: null }) },
      },
    },
    creating: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ event }) => (event as { request: NewProjectRequest }).request,
        onDone: { target: 'created', actions: assign({ created: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    created: {
      type: 'final',
      entry: { type: 'onCreated', params: ({ context }) => ({ project: context.created! }) },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const createProjectCoverage: CoverageModel<typeof createProjectMachine> = {
  events: [
    {
      type: 'submit',
      request: { name: 'Graph', organizationSlug: 'o', dbPass: 'correct horse battery', region: 'us-east-1', cloudProvider: 'FLY', computeSize: 'micro' },
    },
    { type: 'edit' },
    { type: 'xstate.done.actor.create', output: { ref: 'abc', name: 'Shop' } },
    { type: 'xstate.error.actor.create', error: new Error('no') },
  ],
}
