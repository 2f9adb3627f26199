/** A uuid in its canonical text (8-4-4-4-12 hex digits), either case: what a person may paste. */
export const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A uuid as Postgres prints it (canonical, lowercase): what the dashboard itself stored. */
export const STORED_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
