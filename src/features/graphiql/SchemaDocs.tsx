import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
} from 'graphql'
import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { GRAPHQL_DOCS_MAX_MATCHES } from '../../constants'
import { Button } from '../../ui/button'
import { SearchBox, sidePanelHeadingClass, sidePanelNoteClass } from '../../ui/side-panel'

const linkClass = css({ color: 'accent.default', cursor: 'pointer', textAlign: 'left', wordBreak: 'break-word', textDecoration: 'underline', textDecorationColor: 'transparent', _hover: { textDecorationColor: 'currentColor' }, fontFamily: 'mono' })
const rowClass = css({ px: '2', py: '1.5', borderTopWidth: '1px', borderColor: 'border.default', display: 'flex', flexDir: 'column', gap: '0.5' })
const monoClass = css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-word' })
const noteClass = css({ color: 'fg.muted', fontSize: 'xs' })

/** `[OrdersEdge!]!` with the named type as a link. */
function TypeRef({ type, onOpen }: { type: GraphQLType; onOpen: (name: string) => void }) {
  if (isNonNullType(type)) return <><TypeRef type={type.ofType} onOpen={onOpen} />!</>
  if (isListType(type)) return <>[<TypeRef type={type.ofType} onOpen={onOpen} />]</>
  return (
    <button type="button" className={linkClass} onClick={() => onOpen(type.name)}>
      {type.name}
    </button>
  )
}

function Args({ args, onOpen }: { args: readonly GraphQLArgument[]; onOpen: (name: string) => void }) {
  if (args.length === 0) return null
  return (
    <>
      (
      {args.map((arg, i) => (
        <span key={arg.name}>
          {i ? ', ' : ''}
          {arg.name}: <TypeRef type={arg.type} onOpen={onOpen} />
        </span>
      ))}
      )
    </>
  )
}

function FieldRow({ field, onOpen }: { field: GraphQLField<unknown, unknown> | GraphQLInputField; onOpen: (name: string) => void }) {
  return (
    <li className={rowClass}>
      <span className={monoClass}>
        <strong>{field.name}</strong>
        {'args' in field ? <Args args={field.args} onOpen={onOpen} /> : null}: <TypeRef type={field.type} onOpen={onOpen} />
      </span>
      {field.description ? <span className={noteClass}>{field.description}</span> : null}
    </li>
  )
}

function TypeDetail({ schema, type, onOpen }: { schema: GraphQLSchema; type: GraphQLNamedType; onOpen: (name: string) => void }) {
  const kind = isObjectType(type) ? 'type' : isInterfaceType(type) ? 'interface' : isInputObjectType(type) ? 'input' : isEnumType(type) ? 'enum' : 'scalar'
  const fields = isObjectType(type) || isInterfaceType(type) || isInputObjectType(type) ? Object.values(type.getFields()) : []
  return (
    <section aria-label={`Type ${type.name}`}>
      <h3 className={css({ px: '2', pt: '2', fontFamily: 'mono', fontWeight: 'semibold', wordBreak: 'break-word' })}>
        <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}>{kind} </span>
        {type.name}
      </h3>
      {type.description ? <p className={sidePanelNoteClass}>{type.description}</p> : null}
      {isObjectType(type) && type.getInterfaces().length ? (
        <p className={sidePanelNoteClass}>
          implements{' '}
          {type.getInterfaces().map((i) => (
            <TypeRef key={i.name} type={i} onOpen={onOpen} />
          ))}
        </p>
      ) : null}
      {fields.length ? (
        <>
          <h4 className={sidePanelHeadingClass}>{isInputObjectType(type) ? 'Input fields' : 'Fields'}</h4>
          <ul>
            {fields.map((field) => (
              <FieldRow key={field.name} field={field} onOpen={onOpen} />
            ))}
          </ul>
        </>
      ) : null}
      {isEnumType(type) ? (
        <>
          <h4 className={sidePanelHeadingClass}>Values</h4>
          <ul>
            {type.getValues().map((value) => (
              <li key={value.name} className={rowClass}>
                <span className={monoClass}>{value.name}</span>
                {value.description ? <span className={noteClass}>{value.description}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {isInterfaceType(type) ? (
        <>
          <h4 className={sidePanelHeadingClass}>Implementations</h4>
          <ul>
            {schema.getPossibleTypes(type).map((implementation) => (
              <li key={implementation.name} className={rowClass}>
                <TypeRef type={implementation} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}

interface Match {
  key: string
  typeName: string
  label: string
}

function searchSchema(types: readonly GraphQLNamedType[], term: string): Match[] {
  const needle = term.trim().toLowerCase()
  const matches: Match[] = []
  for (const type of types) {
    if (type.name.toLowerCase().includes(needle)) matches.push({ key: type.name, typeName: type.name, label: type.name })
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (field.name.toLowerCase().includes(needle)) matches.push({ key: `${type.name}.${field.name}`, typeName: type.name, label: `${type.name}.${field.name}` })
      }
    }
  }
  return matches
}

/** The schema's types, browsable (each type name opens it) and searchable by type and field name. */
export function SchemaDocs({ schema }: { schema: GraphQLSchema }) {
  const [trail, setTrail] = useState<string[]>([])
  const [search, setSearch] = useState('')
  const types = useMemo(
    () =>
      Object.values(schema.getTypeMap())
        .filter((type) => !type.name.startsWith('__'))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [schema],
  )
  const matches = useMemo(() => (search.trim() ? searchSchema(types, search) : []), [types, search])
  const open = (name: string) => {
    setSearch('')
    setTrail((current) => [...current, name])
  }
  const currentName = trail.at(-1)
  const current = currentName ? schema.getType(currentName) : undefined
  const roots = [schema.getQueryType(), schema.getMutationType()].filter((type) => type !== null && type !== undefined)

  return (
    <div className={css({ display: 'flex', flexDir: 'column', minH: '0', flex: '1' })}>
      <SearchBox label="Search the schema" value={search} onChange={setSearch} />
      <div className={css({ flex: '1', overflowY: 'auto', pb: '4', fontSize: 'sm' })}>
        {search.trim() ? (
          <>
            <p className={sidePanelNoteClass} role="status">
              {matches.length === 0
                ? 'Nothing in the schema matches.'
                : `${matches.length} match${matches.length === 1 ? '' : 'es'}${matches.length > GRAPHQL_DOCS_MAX_MATCHES ? `, the first ${GRAPHQL_DOCS_MAX_MATCHES} shown` : ''}`}
            </p>
            <ul>
              {matches.slice(0, GRAPHQL_DOCS_MAX_MATCHES).map((match) => (
                <li key={match.key} className={rowClass}>
                  <button type="button" className={linkClass} onClick={() => open(match.typeName)}>
                    {match.label}
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : current ? (
          <>
            <div className={css({ px: '2', pt: '1' })}>
              <Button size="sm" variant="ghost" onClick={() => setTrail((t) => t.slice(0, -1))}>
                ← {trail.length > 1 ? trail.at(-2) : 'All types'}
              </Button>
            </div>
            <TypeDetail schema={schema} type={current} onOpen={open} />
          </>
        ) : (
          <>
            <h3 className={sidePanelHeadingClass}>Root types</h3>
            <ul>
              {roots.map((root) => (
                <li key={root.name} className={rowClass}>
                  <span className={monoClass}>
                    {root === schema.getQueryType() ? 'query' : 'mutation'}: <TypeRef type={root} onOpen={open} />
                  </span>
                </li>
              ))}
            </ul>
            <h3 className={sidePanelHeadingClass}>All types</h3>
            <ul>
              {types.map((type) => (
                <li key={type.name} className={rowClass}>
                  <TypeRef type={type} onOpen={open} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  )
}
