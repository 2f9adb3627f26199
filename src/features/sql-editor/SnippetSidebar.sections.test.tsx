import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import { sampleSnippet } from '../../test/sample-records'
import { stubResizeObserver } from '../../test/resize-observer'
import { SnippetSidebar } from './SnippetSidebar'

const REF = 'abcdefghijklmnopqrst'
const FOLDER = { id: '00000000-0000-4000-8000-0000000000f1', name: 'Maintenance', owner_id: 1, parent_id: null, project_id: 1 }

function renderSidebar(folders: (typeof FOLDER)[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData(queryKeys.snippetList(REF), [
    sampleSnippet('00000000-0000-4000-8000-000000000001', { name: 'Recent orders', favorite: true }),
    sampleSnippet('00000000-0000-4000-8000-000000000002', { name: 'Table sizes', folder_id: folders[0]?.id ?? null }),
  ])
  client.setQueryData(queryKeys.snippetFolders(REF), folders)
  render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: `/project/${REF}/sql/new` }).hook}>
        <SnippetSidebar projectRef={REF} activeId={null} draftsVersion={0} />
      </Router>
    </QueryClientProvider>,
  )
}

beforeAll(stubResizeObserver)

describe('the snippet list', () => {
  it('lists folders under a heading of their own, apart from the favourites', () => {
    renderSidebar([FOLDER])
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Favorites', 'Folders', 'Snippets'])
    const folders = screen.getByRole('region', { name: 'Folders' })
    expect(within(folders).getByRole('group', { name: 'Maintenance' }).textContent).toContain('Table sizes')
    expect(within(screen.getByRole('region', { name: 'Favorites' })).queryByText('Table sizes')).toBeNull()
  })

  it('shows no Folders heading without folders', () => {
    renderSidebar([])
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Favorites', 'Snippets'])
  })
})
