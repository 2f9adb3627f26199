/**
 * What Monaco's hover brings along beyond showing a hover, which no editor of Studio has a use for:
 * the colour picker and inlay hints (no language here provides colours or hints), "go to
 * definition" from a hover (no definition provider), and on a problem's hover the quick fixes (no
 * code action provider) and "View Problem" (the marker navigation widget). ≈ 320 KB of source kept
 * out of the editor chunk (vite.config.ts aliases the hover modules' imports of them). A problem's
 * hover still shows its message. What the hover asks of them is answered as Monaco would answer
 * when the feature has nothing to offer: no controller on the editor, no colour decorator under the
 * mouse, no code actions.
 */

// gotoSymbol/browser/link/goToDefinitionAtPosition.js: "Show Definition Preview Hover" finds no controller and does nothing.
export class GotoDefinitionAtPositionEditorContribution {
  static get(): null {
    return null
  }
}

// colorPicker/browser/hoverColorPicker/*: no colour decorators, so never a colour hover.
export function isOnColorDecorator(): boolean {
  return false
}
export class ColorHover {}
export class HoverColorPickerParticipant {}

// inlayHints/browser/inlayHintsHover.js: no inlay hints, so never their hover.
export class InlayHintsHover {}

// codeAction/browser/codeAction.js and codeActionController.js: a problem's hover says "No quick fixes available".
export const quickFixCommandId = 'editor.action.quickFix'
export const ApplyCodeActionReason = { FromProblemsHover: 'fromProblemsHover' } as const
export async function getCodeActions() {
  return { validActions: [], allActions: [], hasAutoFix: false, hasAIFix: false, allAIFixes: false, dispose() {} }
}
export class CodeActionController {
  static get(): null {
    return null
  }
}

// gotoError/browser/gotoError.js: without the marker controller the hover offers no "View Problem".
export class MarkerController {
  static get(): null {
    return null
  }
}
export class NextMarkerAction {
  static readonly ID = 'editor.action.marker.next'
}
