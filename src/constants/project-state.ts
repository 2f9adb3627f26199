import type { ProjectStatus } from './platform'

/**
 * What a screen that needs the project's database does in each of the 15 statuses of SPEC §4
 * (the project-state gate): open it, offer to restore a paused project, wait for a transition to
 * finish (polling, then opening by itself), or say what went wrong and what the user can do.
 */
export type ProjectGateKind = 'open' | 'paused' | 'waiting' | 'unavailable'

export const PROJECT_GATE_KIND: Record<ProjectStatus, ProjectGateKind> = {
  ACTIVE_HEALTHY: 'open',
  INACTIVE: 'paused',
  COMING_UP: 'waiting',
  RESTORING: 'waiting',
  RESTARTING: 'waiting',
  RESIZING: 'waiting',
  UPGRADING: 'waiting',
  UNKNOWN: 'waiting',
  PAUSING: 'waiting',
  INIT_FAILED: 'unavailable',
  RESTORE_FAILED: 'unavailable',
  PAUSE_FAILED: 'unavailable',
  GOING_DOWN: 'unavailable',
  REMOVED: 'unavailable',
  ACTIVE_UNHEALTHY: 'unavailable',
}

/**
 * Statuses on the way to another one. SPEC §4 polls the detail while COMING_UP or UNKNOWN; a
 * screen waiting at the gate needs to see the others end too, so they are polled as well.
 */
export const TRANSITIONAL_PROJECT_STATUSES: readonly ProjectStatus[] = [
  'COMING_UP',
  'UNKNOWN',
  'RESTORING',
  'RESTARTING',
  'RESIZING',
  'UPGRADING',
  'PAUSING',
  'GOING_DOWN',
]

/** The gate's words for each status that keeps a screen closed. */
export const PROJECT_GATE_MESSAGE: Record<Exclude<ProjectStatus, 'ACTIVE_HEALTHY'>, { title: string; message: string }> = {
  INACTIVE: {
    title: 'This project is paused',
    message: 'Its database is stopped, so nothing here can query it. Restore the project to use it again: its data and settings are kept.',
  },
  COMING_UP: {
    title: 'The project is coming up',
    message: 'Its database is starting. This screen opens by itself when it is ready, and keeps what you typed.',
  },
  RESTORING: {
    title: 'The project is being restored',
    message: 'Its database is starting again from where it was paused. This screen opens by itself when it is ready.',
  },
  RESTARTING: { title: 'The project is restarting', message: 'Its services are restarting. This screen opens by itself when they are back.' },
  RESIZING: { title: 'The project is being resized', message: 'Its compute is changing size. This screen opens by itself when it is done.' },
  UPGRADING: {
    title: 'The project is being upgraded',
    message: 'Its Postgres is being upgraded to a new version. This screen opens by itself when the upgrade is done.',
  },
  UNKNOWN: { title: 'Checking the project', message: 'Its status is not known yet. This screen opens by itself once the project answers.' },
  PAUSING: {
    title: 'The project is pausing',
    message: 'Its database is being stopped. Once it is paused you can restore it from here or from the project home.',
  },
  INIT_FAILED: {
    title: 'The project failed to start',
    message: 'Its database could not be set up. Contact support with the project ref, or create a new project.',
  },
  RESTORE_FAILED: {
    title: 'Restoring the project failed',
    message: 'Its data are kept, but the database did not start. Contact support with the project ref so the restore can be finished.',
  },
  PAUSE_FAILED: {
    title: 'Pausing the project failed',
    message: 'The project stopped halfway and its database cannot be reached. Contact support with the project ref.',
  },
  GOING_DOWN: {
    title: 'The project is shutting down',
    message: 'Its database is being stopped for good. Contact support with the project ref if this is not what you expected.',
  },
  REMOVED: {
    title: 'This project was removed',
    message: 'It no longer has a database. The other projects of its organization are not affected.',
  },
  ACTIVE_UNHEALTHY: {
    title: 'Some of the project’s services are unhealthy',
    message: 'The database may answer slowly or not at all. You can continue anyway, or contact support with the project ref.',
  },
}

/** Pause and restore from the project home (PLATFORM-API §3 `…/pause`, `…/restore`). */
export const PROJECT_PAUSE_MESSAGE = {
  confirmTitle: (name: string) => `Pause “${name}”?`,
  confirmBody:
    'Its database stops and every screen that needs it closes until you restore the project. Its data and settings are kept. A paused project does not count toward the Free plan’s active projects.',
  denied: 'pause this project',
  restoreDenied: 'restore this project',
} as const

/** What the platform answers a database request for a project whose database is not running. */
export const PROJECT_NOT_ACTIVE_MESSAGE = (status: string) =>
  `The project's database cannot be reached while the project is ${status}: ${status === 'INACTIVE' ? 'restore it first' : 'wait until it is ACTIVE_HEALTHY'}.`

/** The mock platform's answers to pause and restore it cannot honour (the platform's own words are not shown). */
export const PROJECT_TRANSITION_MESSAGE = {
  pausePaidPlan: 'Projects of a paid plan cannot be paused: only Free plan projects can.',
  pauseNotActive: 'Only a running project can be paused.',
  restoreNotPaused: 'Only a paused project can be restored.',
  restoreFreeLimit: (limit: number) => `Free plan organizations are limited to ${limit} active projects: pause another project before restoring this one.`,
  restartNotActive: 'Only a running project can be restarted.',
} as const

/** The project's general settings (/project/{ref}/settings/general): rename and restart. */
export const PROJECT_SETTINGS_MESSAGE = {
  renameDenied: 'rename this project',
  deleteDenied: 'delete this project',
  rotateDenied: "rotate this project's JWT secret",
  rotateConfirmTitle: 'Generate a new JWT secret?',
  rotateConfirmBody:
    'The anon and service_role keys change at once: every app, server and tool using the old keys, and every signed-in user, stops being let in until it has the new ones. This cannot be undone.',
  rotated: 'A new JWT secret is in place: the keys above are the new ones.',
  exposedSchemasSaved: 'The API serves the chosen schemas now.',
  transferDenied: 'transfer this project',
  transferTargetDenied: (organization: string) => `create projects in ${organization}`,
  transferSameOrganization: 'The project is in that organization already.',
  transferUnknownOrganization: 'There is no such organization among yours.',
  transferSettling: 'The project is changing state: transfer it once it has settled.',
  transferFreeLimit: (organization: string, limit: number) =>
    `${organization} is on the Free plan, which allows ${limit} active projects, and has them: pause one there, or upgrade it, before moving a running project in.`,
  transferConfirmTitle: (name: string, organization: string) => `Transfer “${name}” to ${organization}?`,
  transferConfirmBody:
    'The project, its database and its data move as they are; its members become those of the new organization, whose plan and billing apply from now on.',
  transferred: (name: string, organization: string) => `“${name}” now belongs to ${organization}.`,
  deleteConfirmTitle: (name: string) => `Delete “${name}”?`,
  deleteConfirmBody:
    'Its database, its storage objects, its saved queries and its settings are deleted for good, on the platform and in every tab. This cannot be undone.',
  deleteTypeToConfirm: (name: string) => `Type the project's name, ${name}, to confirm`,
  deleted: (name: string) => `The project “${name}” was deleted.`,
  restartDenied: 'restart this project',
  nameRequired: 'A project needs a name.',
  renamed: (name: string) => `The project is now called “${name}”.`,
  restartConfirmTitle: (name: string) => `Restart “${name}”?`,
  restartConfirmBody:
    'Its database stops and starts again: statements running now end, open connections close, and every screen that needs the database waits until it is back. Data and settings are kept.',
  databaseSettingsDenied: "change this project's database settings",
  passwordReset: 'The database password is changed: connections made with the old one are refused from now on.',
  passwordShownOnce: 'This is the only time the password is shown. Copy it somewhere safe now: the platform keeps only a verifier of it.',
  sslSaved: (enforced: boolean) => (enforced ? 'Connections without SSL are refused from now on.' : 'Connections without SSL are accepted again.'),
  networkSaved: 'The network restrictions are applied.',
  networkWrongFamily: (block: string, family: 4 | 6) => `${block} is an IPv${family === 4 ? 6 : 4} block, listed with the IPv${family} ones.`,
  networkTooMany: (limit: number) => `At most ${limit} blocks of each family.`,
  networkDuplicate: (block: string) => `${block} is listed already.`,
  networkEmpty: 'Keep at least one block, or allow every address: with none, nobody could connect.',
  computeDenied: "change this project's compute size",
  computeUnknownSize: 'There is no such compute size.',
  computeSameSize: 'The project runs on that size already.',
  computeFreePlan: (size: string) => `Projects of Free plan organizations run on Nano compute: upgrade the organization to move this one to ${size}.`,
  computeNotActive: 'Only a running project changes size: restore it first.',
  computeSettling: 'The project is changing state: change its size once it has settled.',
  computeConfirmTitle: (size: string) => `Move the project to ${size} compute?`,
  computeConfirmBody:
    'The project restarts on the new size: its database is unreachable for a short while, open connections close, and every screen that needs it waits until it is back. The new price applies from now on, on the organization’s upcoming invoice.',
  computeChanged: (size: string) => `The project is moving to ${size} compute: it restarts on the new size.`,
} as const
