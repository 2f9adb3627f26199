import * as v from 'valibot'
import { SCHEMA_DIAGRAM_KEY_PREFIX } from '../../../constants'
import { ownRecord, ownRecordSchema, ownValue, type OwnRecord } from '../../../lib/own-record'
import { browserStorage, readStored, writeStored } from '../../../lib/storage'

/**
 * Where a user dragged the diagram's tables, per schema, kept per project in local storage: the
 * next visit draws them there and lays out only the rest. Keyed by table name (a table dropped and
 * made again keeps its place); schema and table names are the user's, so the records are own-keyed.
 */
export interface Point {
  x: number
  y: number
}

/** Far past any diagram: a value beyond it is not a place someone dragged a table to. */
const COORDINATE_LIMIT = 10_000_000
const Coordinate = v.pipe(v.number(), v.finite(), v.minValue(-COORDINATE_LIMIT), v.maxValue(COORDINATE_LIMIT))
const PointSchema = v.pipe(
  v.tuple([Coordinate, Coordinate]),
  v.transform(([x, y]): Point => ({ x, y })),
)
const PositionsSchema = ownRecordSchema(ownRecordSchema(PointSchema))

export type SchemaPositions = OwnRecord<Point>

export const diagramPositionsKey = (ref: string) => `${SCHEMA_DIAGRAM_KEY_PREFIX}${ref}`

function readAll(ref: string, storage: Storage | undefined): OwnRecord<SchemaPositions> {
  return readStored(storage, diagramPositionsKey(ref), PositionsSchema) ?? ownRecord()
}

/** The kept positions of one schema's tables (none kept: an empty record). */
export function readDiagramPositions(ref: string, schema: string, storage = browserStorage('local')): SchemaPositions {
  return ownValue(readAll(ref, storage), schema) ?? ownRecord()
}

const toStored = (positions: SchemaPositions) => ownRecord(Object.entries(positions).map(([name, { x, y }]) => [name, [Math.round(x), Math.round(y)]]))

/** Keeps one schema's positions (none: the schema's entry goes); false when the browser would not store it. */
export function writeDiagramPositions(ref: string, schema: string, positions: SchemaPositions, storage = browserStorage('local')): boolean {
  const all = readAll(ref, storage)
  const stored = ownRecord<Record<string, number[]>>()
  for (const [name, kept] of Object.entries(all)) if (name !== schema) stored[name] = toStored(kept)
  if (Object.keys(positions).length > 0) stored[schema] = toStored(positions)
  return writeStored(storage, diagramPositionsKey(ref), stored)
}
