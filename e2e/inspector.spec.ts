import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { CONSENT_MESSAGE, DEMO_CREDENTIALS } from '../src/constants'
import type { MachineRecording } from '../src/lib/machine-recording'
import { expect, signIn, test } from './fixtures'

test.use({ consent: 'undecided' })

/** Runs a command from the app tab's command menu. */
async function runCommand(page: Page, search: string) {
  await page.keyboard.press('Control+k')
  await page.getByRole('dialog', { name: 'Command menu' }).getByRole('combobox', { name: 'Search commands' }).fill(search)
  await page.keyboard.press('Enter')
}

test('the inspector in its own window follows the app tab: live actors, record, export, import, replay; a tampered recording is flagged', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page)
  await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()

  // Opened from the command menu, in its own window.
  const opened = page.waitForEvent('popup')
  await runCommand(page, 'machine inspector')
  const inspector = await opened
  await expect(inspector.getByRole('heading', { name: 'Machine inspector' })).toBeVisible()
  await expect(inspector.getByText('Following /organizations')).toBeVisible()

  // The page's long-lived actors are listed with their states, the profile and consent among them.
  const actors = inspector.getByRole('region', { name: 'Actors' })
  await expect(actors.getByRole('button', { name: 'profile loaded' })).toBeVisible()
  const consent = actors.getByRole('button', { name: /^consent / })
  await expect(consent).toHaveAccessibleName('consent decision.showConsentToast · privacySettings.closed')
  await expect(actors.getByRole('button', { name: /^commandMenu / })).toBeVisible()

  // The consent actor's chart, its current state highlighted; its context and events.
  await consent.click()
  const currentState = inspector.getByLabel('Current state')
  await expect(currentState).toHaveText('decision.showConsentToast · privacySettings.closed')
  const chart = inspector.getByRole('region', { name: 'Chart' })
  await expect(chart.getByRole('group', { name: 'State decision.showConsentToast (current)' })).toBeVisible()
  await expect(chart.getByRole('group', { name: 'State decision.accepted', exact: true })).toBeVisible()
  await expect(chart.getByRole('group', { name: 'State privacySettings.loading' })).toContainText('done: loadCategories')
  await expect(chart.getByRole('group', { name: 'State decision.showConsentToast (current)' })).toContainText('[storedAccepted]')
  await expect(inspector.getByLabel('Context tree')).toContainText('decision')

  await inspector.getByRole('button', { name: 'Start recording' }).click()
  await expect(inspector.getByRole('status').filter({ hasText: 'Recording' })).toBeVisible()

  // Accept cookies in the app's tab: the inspector window shows the new state.
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: CONSENT_MESSAGE.accept }).click()
  await expect(currentState).toHaveText('decision.accepted · privacySettings.closed')
  await expect(chart.getByRole('group', { name: 'State decision.accepted (current)' })).toBeVisible()
  await expect(consent).toHaveAccessibleName('consent decision.accepted · privacySettings.closed')

  // The privacy settings dialog: its categories load (an invoked actor's result), then it closes.
  await runCommand(page, 'privacy settings')
  const dialog = page.getByRole('dialog', { name: CONSENT_MESSAGE.dialogTitle })
  await expect(dialog.getByRole('list', { name: 'Consent categories' })).toBeVisible()
  await expect(currentState).toHaveText('decision.accepted · privacySettings.editing')
  // Closed by its Cancel button: Escape depends on which window holds the keyboard's focus.
  await dialog.getByRole('button', { name: CONSENT_MESSAGE.cancel }).click()
  await expect(dialog).toBeHidden()
  await expect(currentState).toHaveText('decision.accepted · privacySettings.closed')

  // The event log, with timestamps, filtered by event type.
  const log = inspector.getByRole('region', { name: 'Event log' })
  await expect(log.getByRole('listitem').first()).toContainText(/\d\d:\d\d:\d\d\.\d{3}/)
  await log.getByRole('combobox', { name: 'Filter by event type' }).selectOption('xstate.done.actor.loadCategories')
  await expect(log.getByRole('listitem')).toHaveCount(1)
  await expect(log.getByRole('listitem')).toContainText('done: loadCategories')
  await expect(log.getByRole('listitem')).toContainText('from loadCategories')
  await inspector.screenshot({ path: 'test-results/screens/inspector.png' })

  await inspector.getByRole('button', { name: 'Stop recording' }).click()
  const downloading = inspector.waitForEvent('download')
  await inspector.getByRole('button', { name: 'Export recording' }).click()
  const exported = await (await downloading).path()
  const recording = JSON.parse(await readFile(exported, 'utf8')) as MachineRecording
  const consentTrack = recording.tracks.find((track) => track.machine === 'consent')!
  expect(consentTrack.events.map((event) => event.event.type)).toEqual(['consent.accept', 'privacy.open', 'xstate.done.actor.loadCategories', 'privacy.close'])
  expect(consentTrack.input).toEqual({ decision: null })
  expect(recording.tracks.map((track) => track.machine)).toContain('commandMenu')

  // Imported, it replays against fresh actors to the recorded states, all at once or step by step.
  await inspector.locator('input[type=file]').setInputFiles(exported)
  const replay = inspector.getByRole('region', { name: 'Replay', exact: true })
  const consentReplay = replay.getByRole('region', { name: /^Replay of consent/ })
  await expect(consentReplay.getByText('Definition unchanged')).toBeVisible()
  await consentReplay.getByRole('button', { name: 'Replay all' }).click()
  await expect(consentReplay.getByRole('status')).toHaveText('4/4 events replayed · all 5 states match the recording')
  await expect(consentReplay.getByRole('row', { name: 'Step 3' })).toContainText('privacySettings.editing')
  const menuReplay = replay.getByRole('region', { name: /^Replay of commandMenu/ }).first()
  await menuReplay.getByRole('button', { name: 'Step' }).click()
  await expect(menuReplay.getByRole('status')).toContainText(/^1\/\d+ events replayed · all 2 states match the recording$/)
  await inspector.screenshot({ path: 'test-results/screens/inspector-replay.png' })

  // Tampered: a changed definition hash is flagged and not replayed; an edited state shows where it differs.
  const tampered: MachineRecording = JSON.parse(JSON.stringify(recording))
  tampered.tracks.find((track) => track.machine === 'consent')!.hash = 'feedface'
  const menuTrack = tampered.tracks.find((track) => track.machine === 'commandMenu')!
  menuTrack.events[0]!.state.value = 'sleeping'
  await inspector
    .locator('input[type=file]')
    .setInputFiles({ name: 'tampered.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(tampered)) })
  await expect(replay.getByText('Imported tampered.json')).toBeVisible()
  const flagged = replay.getByRole('region', { name: /^Replay of consent/ })
  await expect(flagged.getByRole('alert')).toContainText('Definition changed: recorded with version feedface')
  await expect(flagged.getByRole('button', { name: 'Replay all' })).toHaveCount(0)
  const differing = replay.getByRole('region', { name: `Replay of commandMenu (${menuTrack.actorId})` })
  await differing.getByRole('button', { name: 'Replay all' }).click()
  await expect(differing.getByRole('status')).toContainText('1 state differs from the recording')
  await expect(differing.getByRole('row', { name: 'Step 1' })).toContainText('value: expected "sleeping", got "open"')

  // Not JSON at all: a clear message, nothing replayed.
  await inspector.locator('input[type=file]').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('hello') })
  await expect(inspector.getByRole('alert').filter({ hasText: 'notes.json: The file is not JSON.' })).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('?inspect=stately also links Stately’s inspector; without the network nothing breaks', async ({ page, context, consoleErrors }) => {
  // This workplace has no network; make sure of it for Stately's site whatever the machine.
  const statelyRequests: string[] = []
  await context.route('https://stately.ai/**', (route) => {
    statelyRequests.push(route.request().url())
    return route.abort('internetdisconnected')
  })
  await page.goto('/sign-in?inspect=stately')
  // Its window was opened (and failed to load): the link was made.
  await expect.poll(() => statelyRequests[0]).toContain('stately.ai/inspect')
  await page.getByLabel('Email').fill(DEMO_CREDENTIALS.email)
  await page.getByLabel('Password').fill(DEMO_CREDENTIALS.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: CONSENT_MESSAGE.accept }).click()

  // The in-app inspector still follows the tab.
  const inspector = await context.newPage()
  await inspector.goto('/inspector')
  await expect(
    inspector.getByRole('region', { name: 'Actors' }).getByRole('button', { name: 'consent decision.accepted · privacySettings.closed' }),
  ).toBeVisible()
  expect(consoleErrors).toEqual([])
})
