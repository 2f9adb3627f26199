import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Route } from 'wouter'
import { renderProjectScreen } from '../../test/project-screen'
import { NEW_PROJECT_MESSAGE } from '../../constants'
import NewProjectPage from './NewProjectPage'

// The browser's time zone is the one thing the form reads from the machine; each test sets it.
const timeZone = vi.hoisted(() => ({ current: 'UTC' as string | null }))
vi.mock('../../lib/nearest-region', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/nearest-region')>()),
  browserTimeZone: () => timeZone.current,
}))

function renderNewProject() {
  return renderProjectScreen(
    <Route path="/new/:slug">
      <NewProjectPage />
    </Route>,
    { actions: ['%'], path: '/new/acme-corp' },
  )
}

describe('the new-project form', () => {
  afterEach(() => {
    timeZone.current = 'UTC'
  })

  it('names the cloud providers as people know them; the API value stays the id', async () => {
    renderNewProject()
    const providers = await screen.findByRole('combobox', { name: 'Cloud provider' })
    const options = within(providers).getAllByRole('option') as HTMLOptionElement[]
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['AWS', 'AWS'],
      ['AWS_K8S', 'AWS (Revamped)'],
      ['FLY', 'Fly.io'],
      ['AWS_NIMBUS', 'AWS (Nimbus)'],
    ])
  })

  it('says where the size is changed later: the project’s compute settings', async () => {
    renderNewProject()
    expect(await screen.findByText(NEW_PROJECT_MESSAGE.computeSizeDescription)).toBeTruthy()
    expect(NEW_PROJECT_MESSAGE.computeSizeDescription).toMatch(/compute settings/)
  })

  it.each(['UTC', 'Etc/UTC', 'GMT'])('a browser in %s is quietly given the default region', async (zone) => {
    timeZone.current = zone
    renderNewProject()
    const region = (await screen.findByRole('combobox', { name: 'Region' })) as HTMLSelectElement
    expect(region.value).toBe('ap-southeast-1')
    expect(screen.getByText('Southeast Asia (Singapore) is the default region.')).toBeTruthy()
    expect(screen.queryByText(/not one we can place|does not tell us/)).toBeNull()
  })

  it('a browser in Europe/Berlin is given Frankfurt, and told why', async () => {
    timeZone.current = 'Europe/Berlin'
    renderNewProject()
    const region = (await screen.findByRole('combobox', { name: 'Region' })) as HTMLSelectElement
    expect(region.value).toBe('eu-central-1')
    expect(screen.getByText(/is the region nearest to your time zone \(Europe\/Berlin\)/)).toBeTruthy()
  })
})
