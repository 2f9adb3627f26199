/**
 * Monaco's copy-paste controller ("Paste As…", paste edits from language providers, and their
 * action widget), which this build never registers: only the clipboard contribution is, and it merely
 * asks the editor for the controller after a paste. ≈ 75 KB of minified source kept out of the
 * editor chunk (vite.config.ts aliases that import). The answer is the one Monaco gives an editor
 * without the contribution: none, and the paste is done.
 */
export class CopyPasteController {
  static readonly ID = 'editor.contrib.copyPasteActionController'
  static get(): null {
    return null
  }
}
