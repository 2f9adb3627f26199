import { describe, expect, it } from 'vitest'
import { policyEffectScript } from './policy-effect'

describe('a policy effect script', () => {
  it('is rolled back whole, and each measure’s block is quoted with a tag its names cannot end', () => {
    const script = policyEffectScript({
      schema: 'public',
      table: 'x$function$y',
      writableColumns: ['body'],
      measures: ['read', 'update'],
      viewers: [{ userId: '5b1e9c1a-0f6e-4b7c-9d55-6f1d2a3b4c5d' }, { userId: null }],
      change: 'create policy "p" on "public"."x$function$y" for select to "authenticated" using (true);',
      enableRowLevelSecurity: true,
    })
    expect(script.startsWith('begin;\n')).toBe(true)
    expect(script.endsWith('\nrollback;')).toBe(true)
    const blocks = script.split('\n').filter((line) => line.startsWith('do '))
    expect(blocks).toHaveLength(8)
    for (const block of blocks) {
      const tag = /^do (\$[a-z_0-9]*\$) /.exec(block)![1]!
      expect(block.endsWith(` ${tag};`)).toBe(true)
      expect(block.slice(3 + tag.length, -tag.length - 1)).not.toContain(tag)
    }
    expect(script).toContain('set local role anon;')
    expect(script).toContain('alter table "public"."x$function$y" enable row level security;')
  })
})
