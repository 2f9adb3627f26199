import { useParams } from 'wouter'
import { LogsExplorer } from './LogsExplorer'

/** /project/{ref}/logs (SPEC §2): the logs explorer. It reads the platform's log store, not the project's database: no project-state gate. */
export default function LogsPage() {
  const { ref } = useParams<{ ref: string }>()
  return <LogsExplorer key={ref} projectRef={ref} />
}
