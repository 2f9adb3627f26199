/**
 * Monaco's experimental GPU rendering of text (WebGPU), off unless an editor sets
 * `experimentalGpuAcceleration: 'on'`, which no editor of Studio does: ≈ 113 KB of source kept out of
 * the editor chunk (vite.config.ts aliases the four imports of Monaco's view that reach it). Monaco's
 * view builds these only when that option is on; doing so says why they are missing.
 */
import { leftOutClass } from './left-out'

const WHY = 'Monaco’s GPU rendering is not part of this build: no editor of Studio turns it on.'

export const ViewGpuContext = leftOutClass(WHY)
export const ViewLinesGpu = leftOutClass(WHY)
export const RulersGpu = leftOutClass(WHY)
export const GpuMarkOverlay = leftOutClass(WHY)
