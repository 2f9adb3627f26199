import { describe, expect, it } from 'vitest'
import { machineRegistry } from './index'
import { formatCoverage, modelCoverage } from './testing/model-coverage'

/**
 * Model-based coverage of every registered machine: the paths xstate/graph generates from each
 * machine's coverage model reach every state and every transition of its definition.
 */
describe('model-based coverage of the machine registry', () => {
  it('lists each machine once, under its machine id (recordings name machines by it)', () => {
    const names = machineRegistry.map((entry) => entry.name)
    expect(new Set(names).size).toBe(names.length)
    for (const entry of machineRegistry) expect(entry.machine.id).toBe(entry.name)
  })

  it.each(machineRegistry.map((entry) => [entry.name, entry] as const))('%s reaches 100 % of its states and transitions', (_, entry) => {
    const coverage = modelCoverage(entry.machine, entry.coverage)
    console.log(formatCoverage(coverage))
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing).toEqual([])
    expect(coverage.states.reached).toBe(coverage.states.total)
    expect(coverage.transitions.reached).toBe(coverage.transitions.total)
  })
})
