import { defineConfig, defineRecipe } from '@pandacss/dev'
import { DEFAULT_ANIMATION_DURATION_SECONDS } from './src/constants/timing'
import { DIALOG_SIZES, LISTBOX_MAX_HEIGHT_REM, PANEL_WIDTH_REM, SIDE_PANEL_SIZES, type SidePanelSize } from './src/constants/ui-sizes'

const widths = (sizes: readonly SidePanelSize[]) => Object.fromEntries(sizes.map((size) => [size, { w: `${PANEL_WIDTH_REM[size]}rem` }]))

/** A modal's width by SPEC §9's size names; never wider than the window. */
const modal = defineRecipe({
  className: 'modal',
  base: { maxW: '90vw' },
  variants: { size: widths(DIALOG_SIZES) },
  defaultVariants: { size: 'medium' },
})

/** A side panel's width by SPEC §9's size names (one more than a modal has). */
const sidePanel = defineRecipe({
  className: 'side-panel',
  // The whole width until a size applies: panels take the screen on a narrow window (`{ lg: 'small' }`).
  base: { w: 'full', maxW: '100vw' },
  variants: { size: widths(SIDE_PANEL_SIZES) },
  defaultVariants: { size: 'medium' },
})

const button = defineRecipe({
  className: 'button',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: 'medium',
    borderRadius: 'md',
    borderWidth: '1px',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background 120ms, border-color 120ms',
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    _focusVisible: { outline: '2px solid token(colors.accent.default)', outlineOffset: '2px' },
  },
  variants: {
    variant: {
      primary: {
        bg: 'accent.default',
        color: 'accent.fg',
        borderColor: 'accent.emphasis',
        _hover: { _enabled: { bg: 'accent.emphasis' } },
      },
      default: {
        bg: 'bg.surface',
        color: 'fg.default',
        borderColor: 'border.default',
        _hover: { _enabled: { bg: 'bg.muted' } },
      },
      ghost: { bg: 'transparent', borderColor: 'transparent', color: 'fg.default', _hover: { _enabled: { bg: 'bg.muted' } } },
      danger: { bg: 'danger.default', color: 'danger.fg', borderColor: 'danger.default', _hover: { _enabled: { opacity: 0.9 } } },
    },
    size: {
      sm: { h: '7', px: '2.5', fontSize: 'xs' },
      md: { h: '8', px: '3', fontSize: 'sm' },
      lg: { h: '10', px: '4', fontSize: 'sm' },
    },
  },
  defaultVariants: { variant: 'default', size: 'md' },
})

export default defineConfig({
  preflight: true,
  // Their size comes from a prop, which static extraction cannot see: every size is generated.
  staticCss: { recipes: { modal: ['*'], sidePanel: [{ size: ['*'], responsive: true }] } },
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  conditions: {
    extend: {
      // Themes are set on <html data-theme>; 'system' resolves to dark or light before that.
      dark: '[data-theme=dark] &, [data-theme=classic-dark] &',
      classicDark: '[data-theme=classic-dark] &',
      light: '[data-theme=light] &',
    },
  },
  theme: {
    extend: {
      recipes: { button, modal, sidePanel },
      tokens: {
        // Layers, lowest first; Ark's positioners copy their content's z-index, so these must be real numbers.
        zIndex: {
          sticky: { value: 10 },
          dropdown: { value: 1000 },
          banner: { value: 1100 },
          overlay: { value: 1300 },
          modal: { value: 1400 },
          popover: { value: 1500 },
          toast: { value: 1700 },
          tooltip: { value: 1800 },
        },
        fonts: {
          body: { value: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
          mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace' },
        },
        sizes: { toast: { value: '356px' }, listbox: { value: `${LISTBOX_MAX_HEIGHT_REM}rem` } },
        durations: { default: { value: `${DEFAULT_ANIMATION_DURATION_SECONDS}s` } },
        spacing: { toastGap: { value: '14px' } },
      },
      semanticTokens: {
        colors: {
          bg: {
            canvas: { value: { base: '#f8f9fa', _dark: '#121212', _classicDark: '#1c1c1c' } },
            surface: { value: { base: '#ffffff', _dark: '#1a1a1a', _classicDark: '#232323' } },
            muted: { value: { base: '#f1f3f5', _dark: '#242424', _classicDark: '#2a2a2a' } },
            subtle: { value: { base: '#e9ecef', _dark: '#2e2e2e', _classicDark: '#333333' } },
          },
          fg: {
            default: { value: { base: '#11181c', _dark: '#ededed', _classicDark: '#e6e6e6' } },
            muted: { value: { base: '#5b6166', _dark: '#a0a0a0', _classicDark: '#a3a3a3' } },
            subtle: { value: { base: '#646a70', _dark: '#959595', _classicDark: '#9a9a9a' } },
          },
          border: {
            default: { value: { base: '#dfe3e6', _dark: '#2e2e2e', _classicDark: '#3a3a3a' } },
            // Hairlines between many cells (the table editor's grid), lighter than a box's edge.
            subtle: { value: { base: '#e6e8eb', _dark: '#262626', _classicDark: '#303030' } },
            strong: { value: { base: '#c1c8cd', _dark: '#454545', _classicDark: '#505050' } },
          },
          accent: {
            default: { value: { base: '#18794e', _dark: '#3ecf8e', _classicDark: '#24b47e' } },
            emphasis: { value: { base: '#136640', _dark: '#2fb57a', _classicDark: '#1e9c6c' } },
            fg: { value: { base: '#ffffff', _dark: '#0b1f15', _classicDark: '#0b1f15' } },
            subtle: { value: { base: '#e9f9ee', _dark: '#12301f', _classicDark: '#163526' } },
          },
          danger: {
            default: { value: { base: '#c62a2f', _dark: '#f2555a', _classicDark: '#f2555a' } },
            fg: { value: { base: '#ffffff', _dark: '#1a0a0b', _classicDark: '#1a0a0b' } },
            subtle: { value: { base: '#fff0f0', _dark: '#3a1618', _classicDark: '#3b1a1c' } },
          },
          warning: {
            default: { value: { base: '#a35200', _dark: '#f1a10d', _classicDark: '#f1a10d' } },
            subtle: { value: { base: '#fff8e6', _dark: '#33260b', _classicDark: '#362a10' } },
          },
          info: {
            default: { value: { base: '#0b68cb', _dark: '#52a9ff', _classicDark: '#52a9ff' } },
            subtle: { value: { base: '#edf6ff', _dark: '#10243e', _classicDark: '#132a44' } },
          },
        },
      },
    },
  },
  globalCss: {
    'html, body': { bg: 'bg.canvas', color: 'fg.default', fontFamily: 'body', fontSize: 'sm', lineHeight: '1.5' },
    '#root': { minH: '100vh' },
    a: { color: 'inherit' },
  },
})
