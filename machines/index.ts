import type { AnyStateMachine } from 'xstate'
import type { CoverageModel } from './testing/model-coverage'
import { assistantMachine, assistantCoverage } from './assistant.machine'
import { assistantReplyMachine, assistantReplyCoverage } from './assistant-reply.machine'
import { clockSkewMachine, clockSkewCoverage } from './clock-skew.machine'
import { commandMenuMachine, commandMenuCoverage } from './command-menu.machine'
import { consentMachine, consentCoverage } from './consent.machine'
import { copyFeedbackMachine, copyFeedbackCoverage } from './copy-feedback.machine'
import { createOrganizationMachine, createOrganizationCoverage } from './create-organization.machine'
import { createProjectMachine, createProjectCoverage } from './create-project.machine'
import { cronJobFormMachine, cronJobFormCoverage } from './cron-job-form.machine'
import { joinOrganizationMachine, joinOrganizationCoverage } from './join-organization.machine'
import { lintFixMachine, lintFixCoverage } from './lint-fix.machine'
import { logsLiveTailMachine, logsLiveTailCoverage } from './logs-live-tail.machine'
import { logsQueryMachine, logsQueryCoverage } from './logs-query.machine'
import { oauthPopupMachine, oauthPopupCoverage } from './oauth-popup.machine'
import { outageBannerMachine, outageBannerCoverage } from './outage-banner.machine'
import { featurePreviewsMachine, featurePreviewsCoverage } from './feature-previews.machine'
import { passwordStrengthMachine, passwordStrengthCoverage } from './password-strength.machine'
import { planChangeMachine, planChangeCoverage } from './plan-change.machine'
import { profileMachine, profileCoverage } from './profile.machine'
import { projectStatusMachine, projectStatusCoverage } from './project-status.machine'
import { restrictionMachine, restrictionCoverage } from './restriction.machine'
import { secretRevealMachine, secretRevealCoverage } from './secret-reveal.machine'
import { signInMachine, signInCoverage } from './sign-in.machine'
import { signUpMachine, signUpCoverage } from './sign-up.machine'
import { snippetSaveMachine, snippetSaveCoverage } from './snippet-save.machine'
import { sqlRunMachine, sqlRunCoverage } from './sql-run.machine'
import { storageUploadMachine, storageUploadCoverage } from './storage-upload.machine'
import { supportFormMachine, supportFormCoverage } from './support-form.machine'
import { totpEnrolmentMachine, totpEnrolmentCoverage } from './totp-enrolment.machine'
import { signOutMachine, signOutCoverage } from './sign-out.machine'
import { sessionRenewalMachine, sessionRenewalCoverage } from './session-renewal.machine'

export interface MachineEntry {
  name: string
  description: string
  machine: AnyStateMachine
  /** The events (and input) the model-based coverage suite walks the machine with: every state and transition must be reached. */
  coverage: CoverageModel
}

/** Every statechart of the dashboard, for the inspector and the model-based coverage suite. */
export const machineRegistry: readonly MachineEntry[] = [
  { name: 'assistant', description: "One project's AI assistant: panel open or closed, its chats and the active one; saved 500 ms after each change.", machine: assistantMachine, coverage: assistantCoverage },
  { name: 'assistantReply', description: 'One streamed assistant answer: pieces saved as they arrive, stop, failed or cut kept with retry, 429 waits Retry-After.', machine: assistantReplyMachine, coverage: assistantReplyCoverage },
  { name: 'clockSkew', description: "Reads the server's UTC time on start and every 30 minutes; over 120 s apart shows the clock-skew banner.", machine: clockSkewMachine, coverage: clockSkewCoverage },
  { name: 'commandMenu', description: 'The command menu: ⌘/Ctrl + the configured key opens it with an empty search; Escape, a command or a completed route change closes it.', machine: commandMenuMachine, coverage: commandMenuCoverage },
  { name: 'consent', description: 'Cookie consent: the toast until accept all or deny all (remembered); the privacy settings dialog loads categories and saves.', machine: consentMachine, coverage: consentCoverage },
  { name: 'copyFeedback', description: "A copy button: copy, show 'Copied' for 2 s, or report the failure.", machine: copyFeedbackMachine, coverage: copyFeedbackCoverage },
  { name: 'createOrganization', description: 'The new-organization form: name, type and plan checked, created with its owner, a failure returns to the form with its values.', machine: createOrganizationMachine, coverage: createOrganizationCoverage },
  { name: 'createProject', description: 'Submits the new-project form; a failure returns to the form with its values.', machine: createProjectMachine, coverage: createProjectCoverage },
  { name: 'cronJobForm', description: 'A cron job form: name, schedule and a SQL, function, HTTP or edge function command checked as typed; a refused save returns to the form with every value kept and the reason.', machine: cronJobFormMachine, coverage: cronJobFormCoverage },
  { name: 'featurePreviews', description: 'Dashboard feature previews: flags from storage, remote flags by cloud provider, the modal from the URL; each toggle stored and reported.', machine: featurePreviewsMachine, coverage: featurePreviewsCoverage },
  { name: 'joinOrganization', description: 'Accept an organization invitation from a join link; retry on failure; 409 means already a member.', machine: joinOrganizationMachine, coverage: joinOrganizationCoverage },
  { name: 'lintFix', description: 'An advisor finding being fixed: the fix reviewed, applied, the linter rerun; fixed when the finding is gone, else said, a refusal kept with a retry.', machine: lintFixMachine, coverage: lintFixCoverage },
  { name: 'logsLiveTail', description: 'Live mode of the logs explorer: reads the events newer than the newest shown every 3 s and puts them first; a hidden tab pauses it; a failed read is said and tried again.', machine: logsLiveTailMachine, coverage: logsLiveTailCoverage },
  { name: 'logsQuery', description: 'The logs query runner: typing waits for a pause, a pick or Run reads at once, the newest rows first then the whole range; a new request replaces one still reading; refusals kept as the endpoint said them.', machine: logsQueryMachine, coverage: logsQueryCoverage },
  { name: 'oauthPopup', description: 'A GitHub authorise or app-installation page in a 600 × 800 popup: stores the 32-character state, polls every 500 ms until it closes (then the callback fires), gives up after 5 minutes; blocked popups reported.', machine: oauthPopupMachine, coverage: oauthPopupCoverage },
  { name: 'outageBanner', description: 'The notice of a past brief outage: shown until dismissed; the dismissal is stored and read back on load.', machine: outageBannerMachine, coverage: outageBannerCoverage },
  { name: 'passwordStrength', description: 'Scores a database password as it is typed: local length rule, then the server check.', machine: passwordStrengthMachine, coverage: passwordStrengthCoverage },
  { name: 'planChange', description: 'Changes an organization’s plan from the billing page: confirm with the price change, change, then changed or failed with the choice kept for a retry.', machine: planChangeMachine, coverage: planChangeCoverage },
  { name: 'profile', description: 'Loads the profile; creates it when missing; signs out on 401.', machine: profileMachine, coverage: profileCoverage },
  { name: 'projectStatus', description: 'A project’s status: polls every 5 s while it is coming up, in transition or without a connection string; pauses and restores it.', machine: projectStatusMachine, coverage: projectStatusCoverage },
  { name: 'restriction', description: "An organization's restriction_status: grace period (until its end date, then over by itself), grace period over, restricted; each shows its banner.", machine: restrictionMachine, coverage: restrictionCoverage },
  { name: 'secretReveal', description: 'A vault secret on screen: hidden until Reveal reads it, shown until Hide or 30 s, a failed read said with a retry.', machine: secretRevealMachine, coverage: secretRevealCoverage },
  { name: 'sessionRenewal', description: 'Renews the session 90 s before its access token expires, or at once when a request is refused 401; requests share one renewal; a refused renewal signs out, a fault is retried.', machine: sessionRenewalMachine, coverage: sessionRenewalCoverage },
  { name: 'signIn', description: 'Email and password sign-in against the auth service, or through GitHub: off to its page, back with a session or an error; then the second factor’s code when one is enrolled.', machine: signInMachine, coverage: signInCoverage },
  { name: 'totpEnrolment', description: 'Enrols an authenticator app: a new factor shown as a QR code, verified by its first code (the session raised to aal2); cancelling drops it.', machine: totpEnrolmentMachine, coverage: totpEnrolmentCoverage },
  { name: 'signUp', description: 'Sign-up with email and a password the platform scores strong enough; a taken address or other failure returns to the form.', machine: signUpMachine, coverage: signUpCoverage },
  { name: 'signOut', description: 'End the session, clear local storage and the query cache, redirect.', machine: signOutMachine, coverage: signOutCoverage },
  { name: 'snippetSave', description: 'Autosaves a SQL snippet after a pause in typing; retries failed saves with a doubling delay.', machine: snippetSaveMachine, coverage: snippetSaveCoverage },
  { name: 'sqlRun', description: 'Runs SQL from the editor: confirms destructive statements, cancels by aborting, keeps the outcome.', machine: sqlRunMachine, coverage: sqlRunCoverage },
  { name: 'storageUpload', description: 'One file uploaded to a bucket in chunks: waits its turn, limits checked before any byte, a failed chunk retried with backoff, Retry resumes from the acknowledged offset, a taken name asks replace or keep both, cancel deletes the session.', machine: storageUploadMachine, coverage: storageUploadCoverage },
  { name: 'supportForm', description: 'The support form: checks the request, sends it, a failed send returns to the form with every value kept.', machine: supportFormMachine, coverage: supportFormCoverage },
]
