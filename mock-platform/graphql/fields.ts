/**
 * The fields an operation asks of an object type, grouped by response key as graphql-js groups them
 * (fragments spread, inline fragments whose condition the type meets, `@skip`/`@include` applied),
 * so the SQL answers exactly the keys `execute` will read back.
 */
import {
  getArgumentValues,
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql'

export interface OperationContext {
  schema: GraphQLSchema
  fragments: ReadonlyMap<string, FragmentDefinitionNode>
  variables: Record<string, unknown>
}

export interface CollectedField {
  responseKey: string
  nodes: FieldNode[]
  /** Undefined for the meta fields (`__typename`, `__schema`, `__type`), which graphql-js answers itself. */
  definition: GraphQLField<unknown, unknown> | undefined
}

function included(context: OperationContext, node: { directives?: readonly unknown[] | undefined } & Parameters<typeof getDirectiveValues>[1]): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, context.variables)?.['if'] === true) return false
  return getDirectiveValues(GraphQLIncludeDirective, node, context.variables)?.['if'] !== false
}

function conditionMet(context: OperationContext, type: GraphQLObjectType, condition: string | undefined): boolean {
  if (!condition || condition === type.name) return true
  const named = context.schema.getType(condition)
  return named !== undefined && named !== null && type.getInterfaces().some((i) => i.name === named.name)
}

export function collectFields(context: OperationContext, type: GraphQLObjectType, selectionSets: readonly (SelectionSetNode | undefined)[]): CollectedField[] {
  const grouped = new Map<string, FieldNode[]>()
  const visited = new Set<string>()
  const walk = (set: SelectionSetNode | undefined) => {
    for (const selection of set?.selections ?? []) {
      if (!included(context, selection)) continue
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value
        grouped.set(key, [...(grouped.get(key) ?? []), selection])
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (conditionMet(context, type, selection.typeCondition?.name.value)) walk(selection.selectionSet)
      } else {
        const name = selection.name.value
        const fragment = context.fragments.get(name)
        if (visited.has(name) || !fragment) continue
        visited.add(name)
        if (conditionMet(context, type, fragment.typeCondition.name.value)) walk(fragment.selectionSet)
      }
    }
  }
  for (const set of selectionSets) walk(set)
  const fields = type.getFields()
  return [...grouped].map(([responseKey, nodes]) => {
    const name = nodes[0]!.name.value
    return { responseKey, nodes, definition: name.startsWith('__') ? undefined : fields[name] }
  })
}

/** The selection sets under a collected field (its nodes merged). */
export const subSelections = (field: CollectedField) => field.nodes.map((node) => node.selectionSet)

/** A field's arguments, coerced with their defaults and the operation's variables. */
export function argumentsOf(context: OperationContext, field: CollectedField): Record<string, unknown> {
  return getArgumentValues(field.definition!, field.nodes[0]!, context.variables)
}
