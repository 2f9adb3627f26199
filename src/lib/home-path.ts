import { DEFAULT_RETURN_PATH, SELF_HOSTED } from '../constants'
import { settings } from './settings'

/** Where the dashboard starts: the organization list, or self-hosted the one default project. */
export const HOME_PATH = settings.isPlatform ? DEFAULT_RETURN_PATH : `/project/${SELF_HOSTED.projectRef}`
