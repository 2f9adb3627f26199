import { ORGANIZATION_ROLE } from '../constants'

/** Who may rename the organization, invite, change roles and remove members: its owners and administrators (the platform decides; the screens say so before asking). */
export const mayManageMembers = (role: number | null) => role === ORGANIZATION_ROLE.owner || role === ORGANIZATION_ROLE.administrator
