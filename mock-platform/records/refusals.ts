import { RECORD_CONFLICT_MESSAGE, RECORD_NOT_STORED_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from '../../src/constants'

/** A request whose changes the record store did not take: nothing of them is kept, and the answer says why. */
export class RecordRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/** Text PostgreSQL cannot store, found in a record before anything was written (400, naming the field). */
export class UnstorableTextRefusal extends RecordRefusal {
  constructor(field: string, character: string) {
    super(400, UNSTORABLE_TEXT_MESSAGE(field, character))
  }
}

/** Another request changed a record this one changed, after this one read it (409 once it ran again alone and still could not). */
export class RecordCollision extends RecordRefusal {
  constructor(readonly record: string) {
    super(409, RECORD_CONFLICT_MESSAGE)
  }
}

/** The store failed to write the changes (refused by the database, or unreachable): `cause` says how (500). */
export class RecordNotStored extends RecordRefusal {
  constructor(cause: unknown) {
    super(500, RECORD_NOT_STORED_MESSAGE, { cause })
  }
}
