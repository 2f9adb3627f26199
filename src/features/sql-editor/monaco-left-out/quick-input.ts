/**
 * Monaco's quick input (the command palette's and quick pick's widget), which no editor of Studio
 * opens: the palette, go-to-line and go-to-symbol pickers are not registered, and the two actions
 * left that ask through it ("Go to Match…" of find, "Paste As…") have no key or menu item here.
 * ≈ 165 KB of source kept out of the editor chunk (vite.config.ts aliases the import of Monaco's
 * standalone services that reaches it). The service is still registered, so an editor starts as
 * before; asking it for a picker says why there is none.
 */
const WHY = 'Monaco’s quick input is not part of this build: no editor of Studio opens a picker.'

export class StandaloneQuickInputService {
  readonly _serviceBrand = undefined
  get currentQuickInput(): undefined {
    return undefined
  }
  pick(): Promise<never> {
    return Promise.reject(new Error(WHY))
  }
  input(): Promise<never> {
    return Promise.reject(new Error(WHY))
  }
  createQuickPick(): never {
    throw new Error(WHY)
  }
  createInputBox(): never {
    throw new Error(WHY)
  }
  toggle(): void {}
  toggleHover(): void {}
}
