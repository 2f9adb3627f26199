// The Authentication area's public surface: a policy's effect measured before it is saved (the storage policies use it too).
export { PolicyEffect } from './policies/PolicyEffect'
