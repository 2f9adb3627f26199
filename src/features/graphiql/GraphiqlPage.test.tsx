import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import { GRAPHQL_MESSAGE } from '../../constants'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../test/project-screen'
import { GraphiqlScreen } from './GraphiqlPage'

// Monaco does not run in jsdom: a text area stands in for each editor.
vi.mock('./CodePane', () => ({ CodePane: ({ label }: { label: string }) => <textarea aria-label={label} /> }))

const screenAs = (actions: string[]) =>
  renderProjectScreen(<GraphiqlScreen projectRef={SCREEN_REF} />, {
    actions,
    data: (['anon', 'authenticated', 'service_role'] as const).map((role) => [queryKeys.graphqlRoleToken(SCREEN_REF, role), `signed-${role}`]),
  })

const offeredRoles = () => Array.from((screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).options, (option) => option.value)

describe("the explorer's role picker", () => {
  it('offers a member who may change the data every role, service_role first picked', async () => {
    screenAs(['%'])
    expect(await screen.findByRole('combobox', { name: 'Role' })).toHaveProperty('value', 'service_role')
    expect(offeredRoles()).toEqual(['anon', 'authenticated', 'service_role'])
    expect(screen.queryByText(GRAPHQL_MESSAGE.readOnlyExplorer)).toBeNull()
  })

  it('offers a read-only member anon and authenticated only, says why, and picks authenticated', async () => {
    screenAs(READ_ONLY_ACTIONS)
    expect(await screen.findByText(GRAPHQL_MESSAGE.readOnlyExplorer)).toBeTruthy()
    expect(offeredRoles()).toEqual(['anon', 'authenticated'])
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveProperty('value', 'authenticated')
  })
})
