import { describe, expect, it } from 'vitest'
import { parseCsv } from '../../lib/csv'
import { auditCsv } from './audit-csv'

const entry = (name: string, target: string, ip: string | null) => ({
  id: crypto.randomUUID(),
  occurred_at: '2026-11-29T10:00:00.000Z',
  action: { name, metadata: [{ method: 'PATCH', route: '/platform/projects/:ref', status: 200 }] },
  actor: { id: 'u1', metadata: [{ email: 'ana@example.com', ip }] },
  target: { description: target, metadata: { org_slug: 'acme', project_ref: 'abc' } },
})

describe('auditCsv', () => {
  it('writes one record per event that a CSV reader reads back, quotes and commas included', () => {
    const text = auditCsv([entry('Renamed a project', 'Project "Shop, live" (abc)', '127.0.0.1'), entry('=cmd|x', 'Project\nnewline', null)])
    const parsed = parseCsv(text)
    expect(parsed.header).toEqual(['occurred_at', 'member', 'action', 'method', 'route', 'status', 'target', 'project_ref', 'address'])
    expect(parsed.rows).toEqual([
      ['2026-11-29T10:00:00.000Z', 'ana@example.com', 'Renamed a project', 'PATCH', '/platform/projects/:ref', '200', 'Project "Shop, live" (abc)', 'abc', '127.0.0.1'],
      ['2026-11-29T10:00:00.000Z', 'ana@example.com', "'=cmd|x", 'PATCH', '/platform/projects/:ref', '200', 'Project\nnewline', 'abc', null],
    ])
  })

  it('writes no cell a spreadsheet would run as a formula', () => {
    const hostile = ['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\tx', '\rx']
    const rows = parseCsv(auditCsv(hostile.map((name) => entry(name, name, null)))).rows
    expect(rows.map((row) => row[2])).toEqual(hostile.map((name) => `'${name}`))
    expect(rows.map((row) => row[6])).toEqual(hostile.map((name) => `'${name}`))
  })
})
