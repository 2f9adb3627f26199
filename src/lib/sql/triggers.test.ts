import { describe, expect, it } from 'vitest'
import { createTriggerSql, dropTriggerSql, setTriggerEnabledSql, type TriggerDefinition } from './triggers'

const trigger: TriggerDefinition = { name: 'stamp', schema: 'public', table: 'orders', tableIsView: false, timing: 'before', events: ['update', 'insert'], level: 'row', condition: '', functionSchema: 'public', functionName: 'touch' }

describe('trigger statements', () => {
  it('write the events in Postgres’s order, names quoted, the condition only per row', () => {
    expect(createTriggerSql(trigger)).toBe('create trigger "stamp"\nbefore insert or update on "public"."orders"\nfor each row\nexecute function "public"."touch"();')
    expect(createTriggerSql({ ...trigger, condition: 'new.a <> old.a' })).toContain('for each row\nwhen (new.a <> old.a)\nexecute')
    expect(createTriggerSql({ ...trigger, level: 'statement', timing: 'after', events: ['truncate'], condition: 'ignored' })).toBe('create trigger "stamp"\nafter truncate on "public"."orders"\nfor each statement\nexecute function "public"."touch"();')
    expect(setTriggerEnabledSql('public', 'orders', 'a "b"', false)).toBe('alter table "public"."orders" disable trigger "a ""b""";')
    expect(dropTriggerSql('public', 'orders', 'stamp')).toBe('drop trigger "stamp" on "public"."orders";')
  })

  it('say what Postgres would refuse before it does', () => {
    expect(() => createTriggerSql({ ...trigger, events: [] })).toThrow('Choose at least one event')
    expect(() => createTriggerSql({ ...trigger, events: ['truncate'] })).toThrow('Truncate fires once per statement')
    expect(() => createTriggerSql({ ...trigger, timing: 'instead of' })).toThrow('Only a view’s triggers run instead of the change')
    expect(() => createTriggerSql({ ...trigger, tableIsView: true })).toThrow('A view’s triggers run instead of the change.')
    expect(() => createTriggerSql({ ...trigger, functionName: '' })).toThrow('Choose the function the trigger runs.')
  })
})
