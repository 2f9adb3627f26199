import { useQuery } from '@tanstack/react-query'
import { css, cx } from 'styled-system/css'
import { migrationsQuery } from '../../../api/queries/database-objects'
import { migrationDate } from '../../../lib/sql/migrations'
import { codeBlock } from '../../../ui/code-block'
import { CopyButton } from '../../../ui/copy-button'
import { EmptyState, QueryStates } from '../../../ui/states'
import { DatabaseToolPage } from '../DatabaseToolPage'
import { useProjectDatabase } from '../use-project-database'

const itemClass = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md' })
const summaryClass = css({ display: 'flex', gap: '3', alignItems: 'baseline', flexWrap: 'wrap', px: '4', py: '3', cursor: 'pointer', _focusVisible: { outline: '2px solid token(colors.accent.default)' } })

/** /project/{ref}/database/migrations: the migrations the platform's CLI applied, newest first, each one's statements on opening it. */
export function MigrationsScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString } = useProjectDatabase(ref)
  const migrations = useQuery({ ...migrationsQuery(ref, connectionString), enabled: Boolean(connectionString) })

  return (
    <DatabaseToolPage title="Migrations" description="The schema changes applied to this database from migration files (supabase db push), newest first.">
      <QueryStates query={migrations} loading="Loading migrations…" failed="The migrations could not be read">
        {(data) => data === null || data.length === 0 ? (
          <EmptyState title="No migrations applied yet">Migration files pushed with the CLI are recorded in supabase_migrations.schema_migrations and listed here with their statements.</EmptyState>
        ) : (
          <ol aria-label="Applied migrations" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
            {data.map((migration) => {
              const sql = migration.statements.map((statement) => (statement.trim().endsWith(';') ? statement.trim() : `${statement.trim()};`)).join('\n\n')
              return (
                <li key={migration.version} className={itemClass}>
                  <details>
                    <summary className={summaryClass}>
                      <span className={css({ fontFamily: 'mono', fontSize: 'xs', color: 'fg.muted' })}>{migration.version}</span>
                      <span className={css({ fontWeight: 'medium' })}>{migration.name ?? 'Unnamed'}</span>
                      <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{[migrationDate(migration.version), `${migration.statements.length} ${migration.statements.length === 1 ? 'statement' : 'statements'}`].filter(Boolean).join(' · ')}</span>
                    </summary>
                    <div className={css({ px: '4', pb: '4', display: 'flex', flexDir: 'column', gap: '2', alignItems: 'flex-start' })}>
                      <CopyButton text={sql} subject={`the statements of ${migration.name ?? migration.version}`} size="sm" />
                      <pre className={cx(codeBlock({ density: 'compact' }), css({ w: 'full', maxH: '96', overflow: 'auto' }))}>
                        {sql}
                      </pre>
                    </div>
                  </details>
                </li>
              )
            })}
          </ol>
        )}
      </QueryStates>
    </DatabaseToolPage>
  )
}
