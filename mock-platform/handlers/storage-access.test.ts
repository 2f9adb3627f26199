import { afterAll, describe, expect, it } from 'vitest'
import { STORAGE_MESSAGES } from '../../src/constants'
import { startEmptyDatabase } from '../postgres/initial-data-node'
import { refusalOfDatabaseError, StorageRefusal } from './storage-access'

// A database without the platform's storage schema: a user's own, served self-hosted.
const pg = await startEmptyDatabase()
afterAll(() => pg.close())

const errorOf = (sql: string) => pg.query(sql).then(() => null, (error: unknown) => error)

describe('storage on a database without its schema', () => {
  it('says storage is not set up, whichever of its tables or functions is missing', async () => {
    for (const sql of ['select * from storage.buckets', 'select * from storage.objects', 'select storage.foldername($$a/b$$)']) {
      const refusal = refusalOfDatabaseError(await errorOf(sql))
      expect(refusal, sql).toBeInstanceOf(StorageRefusal)
      expect(refusal).toMatchObject({ status: 503, message: STORAGE_MESSAGES.notInstalled })
    }
  })

  it('keeps other missing relations as they are: a policy may name a table of the user’s', async () => {
    const refusal = refusalOfDatabaseError(await errorOf('select * from public.no_such_table'))
    expect(refusal).toMatchObject({ status: 400, message: 'relation "public.no_such_table" does not exist' })
  })
})
