/**
 * What the platform's record store answers when it refuses a change (`npm run serve` keeps every
 * record in PostgreSQL; the embedded platform refuses the same text so both modes agree).
 */

/** A character PostgreSQL cannot keep in text or jsonb: U+0000, or half of a UTF-16 surrogate pair. */
export const UNSTORABLE_TEXT_MESSAGE = (field: string, character: string) => `${field} contains a character that cannot be stored (${character})`

/** The field named when the request body itself is the unstorable string. */
export const UNSTORABLE_TEXT_BODY_FIELD = 'The request body'

/** A request whose records another request changed at the same moment, again after it ran once more alone. */
export const RECORD_CONFLICT_MESSAGE = 'The records this change depends on were changed at the same moment. Try again.'
