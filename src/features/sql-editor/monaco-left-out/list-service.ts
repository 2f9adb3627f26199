/**
 * Monaco's list service, which tracks the workbench's lists and trees (the references peek, the
 * quick input's tree): no editor of Studio shows one (the completion list and the context menu are
 * plain widgets that do not register). Its module brings the tree and table widgets along: ≈ 250 KB
 * of source kept out of the editor chunk (vite.config.ts aliases the import of Monaco's standalone
 * services that reaches it). The service is still registered, and answers as Monaco's does with no
 * list registered.
 */

// What Monaco's createDecorator makes: a parameter decorator named by the service's id. Nothing in
// this build asks for the service by it; the standalone services only register it.
export const IListService = Object.assign(
  () => {
    throw new Error('Monaco’s list service is not injected in this build: no widget of Studio asks for it.')
  },
  { toString: () => 'listService' },
)

export class ListService {
  readonly _serviceBrand = undefined
  readonly lastFocusedList = undefined
  register(): { dispose(): void } {
    return { dispose() {} }
  }
  dispose(): void {}
}
