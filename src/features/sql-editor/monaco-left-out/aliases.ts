/**
 * Parts of Monaco that no editor of Studio uses, replaced by stand-ins at build time (vite.config.ts
 * turns each entry into an alias of the import specifier). `importers` are the Monaco modules whose
 * imports the pattern is meant to catch: the test checks they still import it, so an update of
 * Monaco that moves a part cannot put it back in the bundle unnoticed.
 */
export interface MonacoLeftOut {
  /** An import specifier as Monaco writes it. */
  specifier: RegExp
  /** The stand-in, a file of this folder. */
  standIn: string
  /** Monaco modules (under monaco-editor/esm/vs/) that import it. */
  importers: readonly string[]
}

export const MONACO_LEFT_OUT: readonly MonacoLeftOut[] = [
  // Diff editors: no screen shows a diff.
  {
    specifier: /^\.\.\/\.\.\/browser\/widget\/(multiDiffEditor\/multiDiffEditorWidget|diffEditor\/diffEditorWidget)\.js$/,
    standIn: 'diff-editors.ts',
    importers: ['editor/standalone/browser/standaloneCodeEditor.js', 'editor/standalone/browser/standaloneEditor.js'],
  },
  // GPU text rendering: off unless an editor turns it on, and none does.
  {
    specifier: /^\.\/(gpu\/viewGpuContext|viewParts\/viewLinesGpu\/viewLinesGpu|viewParts\/rulersGpu\/rulersGpu|viewParts\/gpuMark\/gpuMark)\.js$/,
    standIn: 'gpu-rendering.ts',
    importers: ['editor/browser/view.js'],
  },
  // The minimap: every editor here turns it off.
  {
    specifier: /^\.\/viewParts\/minimap\/minimap\.js$/,
    standIn: 'minimap.ts',
    importers: ['editor/browser/view.js'],
  },
  // The hover's extras (colour picker, inlay hints, go to definition, quick fixes, problem navigation): no language here offers them.
  {
    specifier:
      /^\.\.\/\.\.\/(gotoSymbol\/browser\/link\/goToDefinitionAtPosition|colorPicker\/browser\/hoverColorPicker\/hoverColorPicker(Participant)?|inlayHints\/browser\/inlayHintsHover|codeAction\/browser\/codeAction(Controller)?|gotoError\/browser\/gotoError)\.js$/,
    standIn: 'hover-extras.ts',
    importers: [
      'editor/contrib/hover/browser/hoverActions.js',
      'editor/contrib/hover/browser/contentHoverController.js',
      'editor/contrib/hover/browser/contentHoverRendered.js',
      'editor/contrib/hover/browser/markerHoverParticipant.js',
    ],
  },
  // The list service and, through it, the tree and table widgets: no editor shows a workbench list or tree.
  {
    specifier: /^\.\.\/\.\.\/\.\.\/platform\/list\/browser\/listService\.js$/,
    standIn: 'list-service.ts',
    importers: ['editor/standalone/browser/standaloneServices.js'],
  },
  // The copy-paste controller (paste edits, "Paste As…"): never registered here; the clipboard contribution only asks for it.
  {
    specifier: /^\.\.\/\.\.\/dropOrPasteInto\/browser\/copyPasteController\.js$/,
    standIn: 'copy-paste.ts',
    importers: ['editor/contrib/clipboard/browser/clipboard.js'],
  },
  // The select box of action bars: no editor's toolbar or menu has a drop-down.
  {
    specifier: /^(\.\.\/selectBox|\.\.\/\.\.\/\.\.\/base\/browser\/ui\/selectBox)\/selectBox\.js$/,
    standIn: 'select-box.ts',
    importers: ['base/browser/ui/actionbar/actionViewItems.js', 'platform/actions/browser/menuEntryActionViewItem.js'],
  },
  // Quick input (command palette, pickers): no editor opens one.
  {
    specifier: /^\.\/quickInput\/standaloneQuickInputService\.js$/,
    standIn: 'quick-input.ts',
    importers: ['editor/standalone/browser/standaloneServices.js'],
  },
]
