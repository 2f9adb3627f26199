import { describe, expect, it } from 'vitest'
import { createFunctionSql, dollarQuoteFor, dropFunctionSql, searchPathOf, type FunctionDefinition } from './functions'

const fn: FunctionDefinition = { schema: 'public', name: 'Order total', arguments: 'order_id uuid', returns: 'numeric', language: 'sql', volatility: 'stable', securityDefiner: false, searchPath: '', body: 'select sum(quantity * unit_price) from order_items where order_id = $1' }

describe('function statements', () => {
  it('write create or replace with the names quoted and the body dollar-quoted as typed', () => {
    expect(createFunctionSql(fn)).toBe(
      'create or replace function "public"."Order total"(order_id uuid)\nreturns numeric\nlanguage "sql"\nstable\nas $function$\nselect sum(quantity * unit_price) from order_items where order_id = $1\n$function$;',
    )
    expect(createFunctionSql({ ...fn, securityDefiner: true, searchPath: "''" })).toContain("\nsecurity definer\nset search_path = ''\nas $function$")
  })

  it('choose a dollar-quote tag the body does not hold', () => {
    expect(dollarQuoteFor('select 1')).toBe('$function$')
    expect(dollarQuoteFor("select '$function$', '$function_1$'")).toBe('$function_2$')
    expect(createFunctionSql({ ...fn, body: "select '$function$'" })).toContain("as $function_1$\nselect '$function$'\n$function_1$;")
  })

  it('say what is missing before Postgres does', () => {
    expect(() => createFunctionSql({ ...fn, name: ' ' })).toThrow('Name the function.')
    expect(() => createFunctionSql({ ...fn, returns: '' })).toThrow('Say what the function returns (void when nothing).')
    expect(() => createFunctionSql({ ...fn, body: '\n' })).toThrow('Write the function’s body.')
  })

  it('read the search path from the settings, and name an overload to drop by its argument types', () => {
    expect(searchPathOf(['search_path=""'])).toBe("''")
    expect(searchPathOf(['work_mem=64MB', 'search_path=public, extensions'])).toBe('public, extensions')
    expect(searchPathOf([])).toBe('')
    expect(dropFunctionSql('public', 'f', 'a integer, b text', 'function', true)).toBe('drop function "public"."f"(a integer, b text) cascade;')
    expect(dropFunctionSql('public', 'p', '', 'procedure', false)).toBe('drop procedure "public"."p"();')
  })
})
