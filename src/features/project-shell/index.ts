// The project shell's public surface: the shell (rail and destinations), the project-state gate, the status actor.
export { currentDestination } from './destinations'
export { ProjectShell } from './ProjectShell'
export { ProjectStateGate, ProjectStatePanel } from './ProjectStateGate'
export { useProjectOrganization, useProjectStatusActor } from './project-status'
export { useProjectDestinations } from './use-project-destinations'
