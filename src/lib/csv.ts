/**
 * CSV parsing for table imports, with Postgres COPY's NULL rule: an unquoted empty field is NULL,
 * a quoted empty field ("") is the empty string. That rule is why this parser stays ours where we
 * otherwise take a kept library: papaparse and the like read both as the same empty string, so a
 * NULL and an empty text could not be told apart, and a file would not import as COPY imports it.
 */

export interface CsvParseResult {
  header: string[]
  rows: (string | null)[][]
  errors: { line: number; message: string }[]
}

interface CsvRecord {
  fields: (string | null)[]
  /** The physical line (1-based) the record starts on. */
  line: number
}

/**
 * RFC 4180 with COPY's reading of quotes: a quote anywhere in a field starts a quoted part (so
 * `a"b,c"d` is `ab,cd`), `""` inside one is a quote, and line breaks inside one belong to the value.
 */
export function parseCsv(text: string, options: { delimiter?: string } = {}): CsvParseResult {
  const delimiter = options.delimiter ?? ','
  if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\r' || delimiter === '\n')
    throw new Error(`The delimiter must be one character other than a quote or a line break, not ${JSON.stringify(delimiter)}`)

  const input = text.startsWith('\uFEFF') ? text.slice(1) : text
  const errors: CsvParseResult['errors'] = []
  const records: CsvRecord[] = []

  let line = 1
  let fields: (string | null)[] = []
  let field = ''
  let quoted = false // the current field had a quoted part: never NULL
  let inQuotes = false
  let fieldLine = 1
  let recordLine = 1
  let recordEmpty = true // nothing at all on the record's line: a blank line

  const endField = () => {
    fields.push(field === '' && !quoted ? null : field)
    field = ''
    quoted = false
  }
  const endRecord = () => {
    endField()
    if (!recordEmpty) records.push({ fields, line: recordLine })
    fields = []
    recordEmpty = true
  }

  for (let i = 0; i < input.length; i++) {
    const c = input[i]!
    if (recordEmpty) {
      recordLine = line
      fieldLine = line
    }
    if (inQuotes) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"'
          i++
        } else inQuotes = false
      } else {
        if (c === '\n' || c === '\r') {
          if (c === '\r' && input[i + 1] === '\n') {
            field += '\r'
            i++
            field += '\n'
          } else field += c
          line++
          continue
        }
        field += c
      }
      continue
    }
    if (c === '\r' || c === '\n') {
      if (c === '\r' && input[i + 1] === '\n') i++
      endRecord()
      line++
      continue
    }
    recordEmpty = false
    if (c === '"') {
      inQuotes = true
      quoted = true
    } else if (c === delimiter) {
      endField()
      fieldLine = line
    } else field += c
  }
  if (inQuotes) {
    errors.push({ line: fieldLine, message: `A quoted field that starts on line ${fieldLine} is never closed: add the closing quote (")` })
    // The unclosed record is left out; the ones before it stand.
    fields = []
    recordEmpty = true
  } else endRecord()

  const [headerRecord, ...dataRecords] = records
  if (!headerRecord) {
    errors.push({ line: 1, message: 'The file is empty: the first line should name the columns' })
    return { header: [], rows: [], errors }
  }

  const header = headerRecord.fields.map((name) => (name ?? '').trim())
  const seen = new Set<string>()
  header.forEach((name, index) => {
    if (name === '') errors.push({ line: headerRecord.line, message: `Column ${index + 1} of the header has no name` })
    else if (seen.has(name)) errors.push({ line: headerRecord.line, message: `The header names column "${name}" more than once` })
    seen.add(name)
  })

  const rows: (string | null)[][] = []
  for (const record of dataRecords) {
    if (record.fields.length === header.length) rows.push(record.fields)
    else
      errors.push({
        line: record.line,
        message: `Line ${record.line} has ${record.fields.length} ${record.fields.length === 1 ? 'field' : 'fields'}, but the header has ${header.length}`,
      })
  }
  errors.sort((a, b) => a.line - b.line)
  return { header, rows, errors }
}

/** The likeliest delimiter of a header line: whichever of , ; and tab occurs most outside quotes (a comma on a tie). */
export function detectDelimiter(firstLine: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 }
  let inQuotes = false
  for (const c of firstLine) {
    if (c === '"') inQuotes = !inQuotes
    else if (!inQuotes && (c === ',' || c === ';' || c === '\t')) counts[c]++
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';'
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t'
  return ','
}
