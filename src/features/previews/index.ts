// The public surface of this feature: another feature imports from here, never from its files (DESIGN.md, folders).
export { stopFeaturePreviews } from './feature-previews-actor'
export { usePreviewCheck } from './use-previews'
