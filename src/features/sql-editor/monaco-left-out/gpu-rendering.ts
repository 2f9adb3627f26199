/**
 * Monaco's experimental GPU rendering of text (WebGPU), off unless an editor sets
 * `experimentalGpuAcceleration: 'on'`, which no editor of Studio does: ≈ 113 KB of source kept out of
 * the editor chunk (vite.config.ts aliases the four imports of Monaco's view that reach it). Monaco's
 * view builds these only when that option is on; doing so says why they are missing.
 */
const missing = () => new Error('Monaco’s GPU rendering is not part of this build: no editor of Studio turns it on.')

export class ViewGpuContext {
  constructor() {
    throw missing()
  }
}

export class ViewLinesGpu {
  constructor() {
    throw missing()
  }
}

export class RulersGpu {
  constructor() {
    throw missing()
  }
}

export class GpuMarkOverlay {
  constructor() {
    throw missing()
  }
}
