import type { AnyStateMachine } from 'xstate'
import { assistantMachine } from './assistant.machine'
import { assistantReplyMachine } from './assistant-reply.machine'
import { clockSkewMachine } from './clock-skew.machine'
import { commandMenuMachine } from './command-menu.machine'
import { consentMachine } from './consent.machine'
import { copyFeedbackMachine } from './copy-feedback.machine'
import { createProjectMachine } from './create-project.machine'
import { joinOrganizationMachine } from './join-organization.machine'
import { oauthPopupMachine } from './oauth-popup.machine'
import { outageBannerMachine } from './outage-banner.machine'
import { featurePreviewsMachine } from './feature-previews.machine'
import { passwordStrengthMachine } from './password-strength.machine'
import { profileMachine } from './profile.machine'
import { projectStatusMachine } from './project-status.machine'
import { signInMachine } from './sign-in.machine'
import { snippetSaveMachine } from './snippet-save.machine'
import { sqlRunMachine } from './sql-run.machine'
import { supportFormMachine } from './support-form.machine'
import { signOutMachine } from './sign-out.machine'

export interface MachineEntry {
  name: string
  description: string
  machine: AnyStateMachine
}

/** Every statechart of the dashboard, for the inspector and the model-based coverage suite. */
export const machineRegistry: readonly MachineEntry[] = [
  { name: 'assistant', description: "One project's AI assistant: panel open or closed, its chats and the active one; saved 500 ms after each change.", machine: assistantMachine },
  { name: 'assistantReply', description: 'One streamed assistant answer: pieces saved as they arrive, stop, failed or cut kept with retry, 429 waits Retry-After.', machine: assistantReplyMachine },
  { name: 'clockSkew', description: "Reads the server's UTC time on start and every 30 minutes; over 120 s apart shows the clock-skew banner.", machine: clockSkewMachine },
  { name: 'commandMenu', description: 'The command menu: ⌘/Ctrl + the configured key opens it with an empty search; Escape, a command or a completed route change closes it.', machine: commandMenuMachine },
  { name: 'consent', description: 'Cookie consent: the toast until accept all or deny all (remembered); the privacy settings dialog loads categories and saves.', machine: consentMachine },
  { name: 'copyFeedback', description: "A copy button: copy, show 'Copied' for 2 s, or report the failure.", machine: copyFeedbackMachine },
  { name: 'createProject', description: 'Submits the new-project form; a failure returns to the form with its values.', machine: createProjectMachine },
  { name: 'featurePreviews', description: 'Dashboard feature previews: flags from storage, remote flags by cloud provider, the modal from the URL; each toggle stored and reported.', machine: featurePreviewsMachine },
  { name: 'joinOrganization', description: 'Accept an organization invitation from a join link; retry on failure; 409 means already a member.', machine: joinOrganizationMachine },
  { name: 'oauthPopup', description: 'A GitHub authorise or app-installation page in a 600 × 800 popup: stores the 32-character state, polls every 500 ms until it closes (then the callback fires), gives up after 5 minutes; blocked popups reported.', machine: oauthPopupMachine },
  { name: 'outageBanner', description: 'The notice of a past brief outage: shown until dismissed; the dismissal is stored and read back on load.', machine: outageBannerMachine },
  { name: 'passwordStrength', description: 'Scores a database password as it is typed: local length rule, then the server check.', machine: passwordStrengthMachine },
  { name: 'profile', description: 'Loads the profile; creates it when missing; signs out on 401.', machine: profileMachine },
  { name: 'projectStatus', description: 'Polls a project every 5 s while it is coming up or has no connection string.', machine: projectStatusMachine },
  { name: 'signIn', description: 'Email and password sign-in against the auth service, or through GitHub: off to its page, back with a session or an error.', machine: signInMachine },
  { name: 'signOut', description: 'End the session, clear local storage and the query cache, redirect.', machine: signOutMachine },
  { name: 'snippetSave', description: 'Autosaves a SQL snippet after a pause in typing; retries failed saves with a doubling delay.', machine: snippetSaveMachine },
  { name: 'sqlRun', description: 'Runs SQL from the editor: confirms destructive statements, cancels by aborting, keeps the outcome.', machine: sqlRunMachine },
  { name: 'supportForm', description: 'The support form: checks the request, sends it, a failed send returns to the form with every value kept.', machine: supportFormMachine },
]
