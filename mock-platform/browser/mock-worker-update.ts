/**
 * msw, finding the mock worker already registered, asks the registration to update without waiting
 * for the answer (its getWorkerInstance). After a same-tab navigation that registration may be going
 * away (msw unregisters a worker whose last page closed: see untilControlledBy in browser.ts), and
 * the update rejects with "Not found" — an unhandled rejection nobody can catch, while the fresh
 * worker serves the page. Seen on `npm run dev` going from the SQL editor to the table editor by
 * address. Only that rejection of that worker's script is quieted; any other stays an error.
 */
export function isGoneMockWorkerUpdate(reason: unknown, workerUrl: string): boolean {
  if (!(reason instanceof Error)) return false
  const { message } = reason
  return message.startsWith('Failed to update a ServiceWorker') && message.includes(`with script ('${workerUrl}')`) && message.endsWith(': Not found')
}
