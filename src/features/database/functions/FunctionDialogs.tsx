import { useId, useState } from 'react'
import { css, cx } from 'styled-system/css'
import type { DatabaseFunction } from '../../../api/schemas'
import { createFunctionSql, dropFunctionSql, FUNCTION_LANGUAGES, searchPathOf, VOLATILITIES, type FunctionDefinition, type Volatility } from '../../../lib/sql/functions'
import { inputClass, TextField } from '../../../ui/field'
import { Checkbox, gridClass, labelClass, SelectField } from '../../../ui/form-controls'
import { SqlPreviewDialog, type StructureDialogProps } from '../../../ui/sql-preview-dialog'
import { SqlCodeEditor } from '../../sql-editor'

export type FunctionDraft = Omit<FunctionDefinition, 'schema'>
export const emptyFunctionDraft = (): FunctionDraft => ({
  name: '',
  arguments: '',
  returns: 'void',
  language: 'plpgsql',
  volatility: 'volatile',
  securityDefiner: false,
  searchPath: '',
  body: 'begin\n  -- …\nend;',
})

/** A function as the catalog read it, as a draft to edit. */
export function functionDraftOf(fn: DatabaseFunction): FunctionDraft {
  return {
    name: fn.name,
    arguments: fn.arguments,
    returns: fn.return_type ?? 'void',
    language: fn.language,
    volatility: fn.volatility,
    securityDefiner: fn.security_definer,
    searchPath: searchPathOf(fn.settings),
    body: fn.body.replace(/^\n/, ''),
  }
}

const RETURN_CHOICES = ['void', 'trigger', 'integer', 'bigint', 'numeric', 'text', 'boolean', 'uuid', 'jsonb', 'timestamptz', 'setof record', 'table ()']

/**
 * Creates a function, or changes one (`editing`): its name and arguments are its identity, so they are
 * read-only then; create or replace keeps what depends on it (triggers, grants) attached.
 */
export function FunctionDialog({ schema, draft, onDraft, editing, ...props }: { schema: string; draft: FunctionDraft; onDraft: (draft: FunctionDraft) => void; editing: boolean } & StructureDialogProps) {
  const set = (change: Partial<FunctionDraft>) => onDraft({ ...draft, ...change })
  const returnsId = useId()
  return (
    <SqlPreviewDialog
      {...props}
      wide
      title={editing ? `Edit the function ${draft.name}` : `Create a function in ${schema}`}
      description={editing ? 'Runs as create or replace: its triggers, grants and callers stay attached. To rename it or change its arguments, create a new one.' : 'Written in SQL or PL/pgSQL; call it from SQL, a trigger, or the API (rpc).'}
      runLabel={editing ? 'Save function' : 'Create function'}
      build={() => createFunctionSql({ ...draft, schema })}
    >
      <div className={gridClass}>
        <TextField label="Name" value={draft.name} spellCheck={false} readOnly={editing} onChange={(event) => set({ name: event.target.value })} />
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
          <label htmlFor={returnsId} className={labelClass}>
            Returns
          </label>
          <input id={returnsId} list={`${returnsId}-choices`} value={draft.returns} spellCheck={false} onChange={(event) => set({ returns: event.target.value })} className={cx(inputClass, css({ fontFamily: 'mono' }))} />
          <datalist id={`${returnsId}-choices`}>
            {RETURN_CHOICES.map((choice) => (
              <option key={choice} value={choice} />
            ))}
          </datalist>
        </div>
      </div>
      <TextField label="Arguments" placeholder={editing ? 'none' : 'customer_id bigint, since timestamptz default now()'} value={draft.arguments} spellCheck={false} readOnly={editing} className={cx(inputClass, css({ fontFamily: 'mono' }))} onChange={(event) => set({ arguments: event.target.value })} />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr 1fr' }, gap: '3' })}>
        <SelectField label="Language" value={draft.language} onChange={(language) => set({ language })}>
          {[...new Set([...FUNCTION_LANGUAGES, draft.language])].map((language) => (
            <option key={language} value={language}>
              {language}
            </option>
          ))}
        </SelectField>
        <SelectField label="Volatility" value={draft.volatility} onChange={(volatility) => set({ volatility: volatility as Volatility })}>
          {VOLATILITIES.map((volatility) => (
            <option key={volatility} value={volatility}>
              {volatility}
            </option>
          ))}
        </SelectField>
        <TextField label="Search path (optional)" placeholder="'' or public, extensions" value={draft.searchPath} spellCheck={false} onChange={(event) => set({ searchPath: event.target.value })} />
      </div>
      <Checkbox label="Security definer: runs with its owner’s rights, not the caller’s" checked={draft.securityDefiner} onChange={(securityDefiner) => set({ securityDefiner })} />
      {draft.securityDefiner && draft.searchPath.trim() === '' ? (
        <p className={css({ fontSize: 'xs', color: 'warning.default' })}>Give a security definer function a search path (for example '') so a caller’s own objects cannot stand in for the ones it uses.</p>
      ) : null}
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
        <span className={labelClass}>Body</span>
        <div className={css({ h: '56', display: 'flex', flexDir: 'column', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', overflow: 'hidden' })}>
          <SqlCodeEditor label="Function body" initialValue={draft.body} onChange={(body) => set({ body })} onRun={() => {}} onReady={() => {}} />
        </div>
      </div>
    </SqlPreviewDialog>
  )
}

/** Drops a function: what depends on it (triggers, views) named, and dropped too only when asked (cascade). */
export function DropFunctionDialog({ fn, ...props }: { fn: DatabaseFunction } & StructureDialogProps) {
  const [cascade, setCascade] = useState(false)
  return (
    <SqlPreviewDialog
      {...props}
      title={`Delete the ${fn.kind} ${fn.name}`}
      description={fn.dependents.length === 0 ? 'Nothing in the database depends on it. This cannot be undone.' : 'Postgres refuses to drop it while these depend on it, unless they are dropped too.'}
      runLabel={cascade ? `Delete ${fn.kind} and ${fn.dependents.length} dependent ${fn.dependents.length === 1 ? 'object' : 'objects'}` : `Delete ${fn.kind}`}
      tone="danger"
      build={() => dropFunctionSql(fn.schema, fn.name, fn.identity_arguments, fn.kind, cascade)}
    >
      {fn.dependents.length > 0 ? (
        <>
          <ul aria-label="What depends on it" className={css({ fontFamily: 'mono', fontSize: 'xs', pl: '4', listStyle: 'disc' })}>
            {fn.dependents.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          <Checkbox label="Drop these too (cascade)" checked={cascade} onChange={setCascade} />
        </>
      ) : null}
    </SqlPreviewDialog>
  )
}
