// SPEC §9 "Dialog and side-panel size names" (styling only) and the listbox's height: the names the
// Panda recipes `modal` and `sidePanel` take (panda.config.ts), and the widths they stand for.

export const DIALOG_SIZES = ['tiny', 'small', 'medium', 'large', 'xlarge', 'xxlarge', 'xxxlarge'] as const
export type DialogSize = (typeof DIALOG_SIZES)[number]
export const SIDE_PANEL_SIZES = [...DIALOG_SIZES, 'xxxxlarge'] as const
export type SidePanelSize = (typeof SIDE_PANEL_SIZES)[number]

/** Widths in rem, one scale for both (a side panel has one size more). */
export const PANEL_WIDTH_REM: Record<SidePanelSize, number> = {
  tiny: 20,
  small: 28,
  medium: 32,
  large: 42,
  xlarge: 48,
  xxlarge: 56,
  xxxlarge: 64,
  xxxxlarge: 80,
}

/** A list of options (a menu, a listbox) scrolls past this height. */
export const LISTBOX_MAX_HEIGHT_REM = 15
