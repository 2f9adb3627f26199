// The project shell's public surface: the rail and its destinations, the project-state gate, the status actor.
export { PROJECT_DESTINATIONS, currentDestination, type ProjectDestination } from './destinations'
export { ProjectShell } from './ProjectShell'
export { ProjectStateGate, ProjectStatePanel, RestoreButton } from './ProjectStateGate'
export { useProjectGate, useProjectOrganization, useProjectStatusActor } from './project-status'
export { useProjectDestinations } from './use-project-destinations'
