import { useActorRef, useMachine } from '@xstate/react'
import type { Actor, ActorOptions, AnyStateMachine, IsNotNever, RequiredActorOptionsKeys, StateFrom } from 'xstate'
import { inspected } from '../lib/inspection'

// The way a screen runs a machine of its own: created with the machine inspector watching it (when
// the inspector is on), so QA sees every actor the app runs. `useMachine` and `useActorRef` are
// reached only through here (a lint rule); long-lived actors use createInspectedActor.

/** The options a machine needs: `input` is required where the machine declares one. */
type MachineOptions<M extends AnyStateMachine> = ActorOptions<M> & { [K in RequiredActorOptionsKeys<M>]: unknown }
type OptionsArgument<M extends AnyStateMachine> = IsNotNever<RequiredActorOptionsKeys<M>> extends true ? [options: MachineOptions<M>] : [options?: MachineOptions<M>]

/** `useMachine` with the inspector watching: the snapshot (re-rendering on change), send, and the actor. */
export function useInspectedMachine<M extends AnyStateMachine>(machine: M, ...[options]: OptionsArgument<M>): [StateFrom<M>, Actor<M>['send'], Actor<M>] {
  return useMachine<M>(machine, { ...options, ...inspected } as never)
}

/** `useActorRef` with the inspector watching: the actor alone, for screens that select from it. */
export function useInspectedActorRef<M extends AnyStateMachine>(machine: M, ...[options]: OptionsArgument<M>): Actor<M> {
  return useActorRef<M>(machine, { ...options, ...inspected } as never)
}
