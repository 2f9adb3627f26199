import { expect, it } from 'vitest'

/**
 * A table of inputs and what `read` gives for each: one test a row, named by `title` as `it.each` names
 * them (`%s`, `%j` take the input, then the expected value).
 */
export function itReadsEach<I, O>(title: string, read: (input: I) => O, rows: readonly (readonly [I, O])[]) {
  it.each(rows as [I, O][])(title, (input, expected) => {
    expect(read(input)).toBe(expected)
  })
}
