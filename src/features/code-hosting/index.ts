// The public surface of this feature: another feature imports from here, never from its files (DESIGN.md, folders).
export { CodeHostingSection } from './CodeHostingSection'
export { ProviderMark } from './ProviderMark'
