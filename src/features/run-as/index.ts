// Running a project's SQL as another role or user: the tab's choice, shared by the SQL editor and the table editor.
export { RunAsPicker } from './RunAsPicker'
export { readRunAs, runAsKey } from './run-as-store'
export { useRunAsChoice } from './use-run-as'
