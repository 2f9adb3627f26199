import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { CronJob } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { CronScreen } from './CronPage'

const job: CronJob = {
  jobid: 3,
  jobname: 'nightly cleanup',
  schedule: '0 3 * * *',
  command: 'delete from public.sessions',
  active: true,
  username: 'postgres',
  database: 'postgres',
  last_status: 'failed',
  last_start: '2026-11-24T03:00:00.002+00:00',
  last_end: '2026-11-24T03:00:00.010+00:00',
  last_message: 'relation "public.sessions" does not exist',
  form: { version: 1, kind: 'sql', sql: 'delete from public.sessions' },
}
const runs = [{ runid: 9, status: 'failed', return_message: 'relation "public.sessions" does not exist', start_time: job.last_start, end_time: job.last_end, total: 1 }]
const cachedJob: [readonly unknown[], unknown][] = [
  [queryKeys.cronEnabled(SCREEN_REF), { cron: true, pgNet: false }],
  [queryKeys.cronJobs(SCREEN_REF), [job]],
  [queryKeys.cronRuns(SCREEN_REF, job.jobid, null, 0), runs],
]

describe('the cron screen', () => {
  it('offers to turn cron on when pg_cron is not there', async () => {
    renderProjectScreen(<CronScreen projectRef={SCREEN_REF} />, { actions: ['%'], data: [[queryKeys.cronEnabled(SCREEN_REF), { cron: false, pgNet: false }]] })
    expect((await screen.findByRole('button', { name: 'Enable cron' })).hasAttribute('disabled')).toBe(false)
  })

  it('lists a job with its schedule in words, its last run and its history', async () => {
    renderProjectScreen(<CronScreen projectRef={SCREEN_REF} />, { actions: ['%'], data: cachedJob })
    const row = await screen.findByRole('row', { name: 'nightly cleanup' })
    expect(row.textContent).toContain('At 03:00 (UTC)')
    expect(row.textContent).toContain('failed')
    const history = screen.getByRole('region', { name: 'Runs of nightly cleanup' })
    expect(within(history).getByText('relation "public.sessions" does not exist')).toBeTruthy()
    expect(within(history).getByText('1–1 of 1')).toBeTruthy()
  })

  it('opens a job in its form as it was made', async () => {
    renderProjectScreen(<CronScreen projectRef={SCREEN_REF} />, { actions: ['%'], data: cachedJob })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit nightly cleanup' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit cron job nightly cleanup' })
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('nightly cleanup')
    expect((within(dialog).getByLabelText('SQL') as HTMLTextAreaElement).value).toBe('delete from public.sessions')
    // Saving under its own name is not a clash.
    expect(within(dialog).queryByText(/already exists/)).toBeNull()
    expect(within(dialog).getByRole('region', { name: 'SQL to run' }).textContent).toContain('select cron.alter_job(job_id := 3')
  })

  it('shows a read-only member the jobs and their runs, with every change disabled and the reason', async () => {
    renderProjectScreen(<CronScreen projectRef={SCREEN_REF} />, { actions: READ_ONLY_ACTIONS, data: cachedJob })
    expect(await screen.findByRole('alert', { name: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.manageCron) })).toBeTruthy()
    const row = screen.getByRole('row', { name: 'nightly cleanup' })
    for (const action of ['Run now: nightly cleanup', 'Edit nightly cleanup', 'Delete nightly cleanup']) {
      expect(within(row).getByRole('button', { name: action }).hasAttribute('disabled')).toBe(true)
    }
    expect((within(row).getByRole('switch') as HTMLInputElement).disabled).toBe(true)
    expect(screen.getByRole('button', { name: 'Create a job' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('region', { name: 'Runs of nightly cleanup' })).toBeTruthy()
  })

  it('shows a read-only member why cron cannot be turned on', async () => {
    renderProjectScreen(<CronScreen projectRef={SCREEN_REF} />, { actions: READ_ONLY_ACTIONS, data: [[queryKeys.cronEnabled(SCREEN_REF), { cron: false, pgNet: false }]] })
    expect((await screen.findByRole('button', { name: 'Enable cron' })).hasAttribute('disabled')).toBe(true)
  })
})
