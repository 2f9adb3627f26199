/** Monaco does not run in jsdom: a text area stands in for the SQL editor, with the same callbacks (Ctrl+Enter runs). */
export function SqlCodeEditorStandIn({ initialValue, label, onChange, onRun }: { initialValue: string; label: string; onChange: (sql: string) => void; onRun: (sql: string, offset: number) => void }) {
  return (
    <textarea
      aria-label={label}
      defaultValue={initialValue}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => event.key === 'Enter' && event.ctrlKey && onRun(event.currentTarget.value, 0)}
    />
  )
}
