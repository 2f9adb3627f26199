/**
 * Monaco's minimap, which every editor of Studio turns off (`minimap: { enabled: false }` in
 * monaco.ts): the view still builds it and runs it as a view part, drawing nothing. ≈ 36 KB of
 * minified source kept out of the editor chunk (vite.config.ts aliases the view's import of it). This
 * part is what Monaco's is with the minimap off: an empty, unsized node that never asks to render.
 */

/** What the view gives a view part: its event hub. */
interface ViewContextLike {
  addEventHandler(handler: unknown): void
  removeEventHandler(handler: unknown): void
}

export class Minimap {
  readonly #context: ViewContextLike
  #node: { domNode: HTMLElement } | null = null

  constructor(context: ViewContextLike) {
    this.#context = context
    context.addEventHandler(this)
  }

  /** The view appends `domNode` to its overflow guard (a FastDomNode-like holder). */
  getDomNode(): { domNode: HTMLElement } {
    if (!this.#node) {
      const domNode = document.createElement('div')
      domNode.className = 'minimap'
      domNode.setAttribute('aria-hidden', 'true')
      this.#node = { domNode }
    }
    return this.#node
  }

  // A view part's events and rendering: nothing to react to, nothing to draw.
  handleEvents(): void {}
  shouldRender(): boolean {
    return false
  }
  forceShouldRender(): void {}
  setShouldRender(): void {}
  onBeforeRender(): void {}
  prepareRender(): void {}
  render(): void {}
  onDidRender(): void {}

  dispose(): void {
    this.#context.removeEventHandler(this)
    this.#node?.domNode.remove()
  }
}
