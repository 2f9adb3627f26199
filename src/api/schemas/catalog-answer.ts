import * as v from 'valibot'

/**
 * A catalog read's pg-meta answer: one row holding one JSON value under `key` (the SQL builds it with
 * json_agg or json_build_object), checked against `schema` and handed on as that value.
 */
export function catalogAnswer<K extends string, S extends v.GenericSchema>(key: K, schema: S) {
  return v.pipe(
    v.tuple([v.object({ [key]: schema } as Record<K, S>)]),
    v.transform(([row]) => (row as Record<K, v.InferOutput<S>>)[key]),
  )
}
