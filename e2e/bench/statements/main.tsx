// Query performance's statement list (src/features/advisors/StatementsTable.tsx) with 10,000 distinct
// statements made in the page: the history size on which the best-known dashboard's page crashed.
// Sorting and searching go through the same pure functions as the screen. Not part of the app.
import { useMemo, useState } from 'react'
import { createRoot } from 'react-dom/client'
import '../../../src/index.css'
import type { StatementSortKey } from '../../../src/constants'
import { StatementsTable } from '../../../src/features/advisors/StatementsTable'
import { searchStatements, sortStatements, type SortDirection, type StatementStatistics } from '../../../src/lib/query-statistics'

const COUNT = Number(new URLSearchParams(location.search).get('statements') ?? 10_000)
const TABLES = ['orders', 'customers', 'order_items', 'events', 'products', 'stock_levels']
const statements: StatementStatistics[] = Array.from({ length: COUNT }, (_, i) => ({
  id: `10:${i}:true`,
  role: i % 4 === 0 ? 'authenticated' : 'postgres',
  query: `select id, created_at, status from public.${TABLES[i % TABLES.length]} where id = $1 and note <> $2 -- statement ${i}\norder by created_at desc limit $3`,
  calls: (i * 7919) % 100_000,
  total_time: ((i * 104_729) % 9_000_000) / 100,
  mean_time: ((i * 31) % 5000) / 100,
  min_time: 0.01,
  max_time: ((i * 8191) % 20_000) / 10,
  rows: (i * 13) % 50_000,
  cache_hit_rate: i % 9 === 0 ? null : ((i * 37) % 1000) / 1000,
}))

function Bench() {
  const [sort, setSort] = useState<{ key: StatementSortKey; direction: SortDirection }>({ key: 'total_time', direction: 'desc' })
  const [search, setSearch] = useState('')
  const shown = useMemo(() => sortStatements(searchStatements(statements, search), sort.key, sort.direction), [search, sort])
  return (
    <main style={{ padding: 24, maxWidth: 1152, margin: '0 auto' }}>
      <input aria-label="Search statements" value={search} onChange={(event) => setSearch(event.target.value)} />
      <StatementsTable
        statements={shown}
        sort={sort.key}
        direction={sort.direction}
        selectedId={null}
        onSort={(key) => setSort((current) => ({ key, direction: current.key === key && current.direction === 'desc' ? 'asc' : 'desc' }))}
        onSelect={() => {}}
      />
    </main>
  )
}

createRoot(document.getElementById('root')!).render(<Bench />)
