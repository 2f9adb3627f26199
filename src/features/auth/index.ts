// The public surface of this feature: another feature imports from here, never from its files (DESIGN.md, folders).
export { useSignedIn } from './use-signed-in'
export { answerFactorChallenge } from './session-actions'
