import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MONACO_LEFT_OUT } from './aliases'
import { StandaloneQuickInputService } from './quick-input'
import { ViewGpuContext } from './gpu-rendering'
import { DiffEditorWidget } from './diff-editors'
import { IListService, ListService } from './list-service'
import { CopyPasteController } from './copy-paste'
import { SelectBox } from './select-box'
import { Minimap } from './minimap'
import { CodeActionController, getCodeActions, GotoDefinitionAtPositionEditorContribution, isOnColorDecorator, MarkerController } from './hover-extras'

// Monaco's package maps `monaco-editor/X` to esm/vs/X.js.
const monacoRoot = join(dirname(createRequire(import.meta.url).resolve('monaco-editor/editor/editor.api')), '..')
const importSpecifiers = (module: string) => [...readFileSync(join(monacoRoot, module), 'utf8').matchAll(/^import .*? from '([^']+)';$/gm)].map((match) => match[1]!)

describe('Monaco parts left out of the build', () => {
  it.each(MONACO_LEFT_OUT.map((entry) => [entry.standIn, entry] as const))('%s: every importer still imports what the alias catches', (_standIn, entry) => {
    for (const importer of entry.importers) {
      expect(importSpecifiers(importer).filter((specifier) => entry.specifier.test(specifier)), importer).not.toEqual([])
    }
  })

  it('says why a left-out part is missing when it is asked for', async () => {
    expect(() => new ViewGpuContext()).toThrow('GPU rendering is not part of this build')
    expect(() => new DiffEditorWidget()).toThrow('diff editors are not part of this build')
    expect(() => new SelectBox()).toThrow('select box is not part of this build')
    const quickInput = new StandaloneQuickInputService()
    await expect(quickInput.pick()).rejects.toThrow('quick input is not part of this build')
    expect(() => quickInput.createInputBox()).toThrow('quick input is not part of this build')
  })

  it('keeps a list service registered under its id, answering as Monaco\'s does with no list registered', () => {
    expect(String(IListService)).toBe('listService')
    const lists = new ListService()
    expect(lists.lastFocusedList).toBeUndefined()
    expect(() => lists.register().dispose()).not.toThrow()
  })

  it('runs the minimap as the view part Monaco\'s is when turned off: registered for events, never rendering', () => {
    const handlers = new Set<unknown>()
    const context = { addEventHandler: (handler: unknown) => handlers.add(handler), removeEventHandler: (handler: unknown) => handlers.delete(handler) }
    const minimap = new Minimap(context)
    expect(handlers.has(minimap)).toBe(true)
    expect(minimap.shouldRender()).toBe(false)
    minimap.dispose()
    expect(handlers.size).toBe(0)
  })

  it('answers a paste as an editor without the copy-paste contribution does: no controller', () => {
    expect(CopyPasteController.get()).toBeNull()
  })

  it("answers the hover as Monaco does when a feature has nothing to offer: no controller, no colour, no quick fix", async () => {
    expect(GotoDefinitionAtPositionEditorContribution.get()).toBeNull()
    expect(CodeActionController.get()).toBeNull()
    expect(MarkerController.get()).toBeNull()
    expect(isOnColorDecorator()).toBe(false)
    const actions = await getCodeActions()
    expect(actions.validActions).toEqual([])
    expect(() => actions.dispose()).not.toThrow()
  })
})
