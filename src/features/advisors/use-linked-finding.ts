import { useEffect, useRef } from 'react'
import { useSearch } from 'wouter'
import type { Lint } from '../../api/schemas/advisors'
import { showToast } from '../../ui/toast'

/**
 * An advisor opened on `?finding={cache_key}` (the assistant's links to a finding): once the
 * linter's findings are in, that finding opens as the command menu opens it (its fix, or its row).
 * Each link opens once; a finding no longer reported says so instead of doing nothing.
 */
export function useLinkedFinding(findings: readonly Lint[] | null, open: (finding: Lint) => void) {
  const linked = new URLSearchParams(useSearch()).get('finding')
  const opened = useRef<string | null>(null)
  useEffect(() => {
    if (!linked || findings === null || opened.current === linked) return
    opened.current = linked
    const finding = findings.find((each) => each.cache_key === linked)
    if (finding) open(finding)
    else showToast('info', 'That finding is no longer reported', 'The linter did not find it on this run: it was fixed or a rule hides it.')
  }, [linked, findings, open])
}
