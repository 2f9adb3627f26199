// The benchmark's comparison grid: react-data-grid@7.0.0-beta.47 (the best-known dashboard's grid)
// showing the same 100,000 page views as public.page_view_sample, generated in the page with the
// fixture's formulas (GRID-BENCH.md generates rows in the page too). Not part of the app.
import { createRoot } from 'react-dom/client'
import DataGrid, { type Column } from 'react-data-grid'
import 'react-data-grid/lib/styles.css'

const ROWS = Number(new URLSearchParams(location.search).get('rows') ?? 100_000)
const PATHS = ['/', '/pricing', '/docs', '/blog', '/sign-in', '/dashboard', '/docs/guides', '/changelog']
const REFERRERS = ['https://search.example', 'https://news.example', 'https://social.example']
const COUNTRIES = ['US', 'DE', 'FR', 'JP', 'BR', 'IN', 'NL', 'GB']
const DEVICES = ['desktop', 'mobile', 'tablet']
const START = Date.parse('2026-01-01T00:00:00Z')

type Row = Record<string, string | number | boolean | null>
const rows: Row[] = Array.from({ length: ROWS }, (_, i) => {
  const g = i + 1
  return {
    id: String(g),
    visited_at: new Date(START + g * 23_000).toISOString(),
    path: PATHS[g % 8]! + (g % 3 === 0 ? `/${g % 97}` : ''),
    referrer: g % 4 === 0 ? null : REFERRERS[g % 3]!,
    country: COUNTRIES[Math.floor(g / 7) % 8]!,
    duration_ms: (g * 7919) % 120000,
    is_bounce: g % 5 === 0,
    customer_id: g % 10 === 0 ? String(1 + (Math.floor(g / 10) % 30)) : null,
    properties: JSON.stringify({ device: DEVICES[g % 3], scroll: (g * 37) % 101, session: Math.floor(g / 6) }),
  }
})
const columns: Column<Row>[] = Object.keys(rows[0]!).map((key) => ({
  key,
  name: key,
  width: 160,
  renderCell: ({ row }) => (row[key] === null ? 'NULL' : String(row[key])),
}))

createRoot(document.getElementById('root')!).render(
  <DataGrid columns={columns} rows={rows} rowHeight={35} style={{ height: '100%' }} aria-label="Comparison grid" />,
)
