import { MOCK_SERVICE_WORKER_SCRIPTS } from '../constants'

/**
 * A build served by its own platform (`npm run serve`) on an origin where the embedded mock once ran:
 * the mock's service worker (under its name of today or an earlier one) is still registered there, so it goes (it would only pass requests
 * through, but nothing of the mock should sit between the app and its server).
 */
export async function unregisterMockServiceWorker(container: Pick<ServiceWorkerContainer, 'getRegistrations'> | undefined): Promise<void> {
  if (!container) return
  try {
    const registrations = await container.getRegistrations()
    await Promise.all(
      registrations
        .filter((registration) => {
          const scriptURL = (registration.active ?? registration.waiting ?? registration.installing)?.scriptURL
          return MOCK_SERVICE_WORKER_SCRIPTS.some((script) => scriptURL?.endsWith(`/${script}`))
        })
        .map((registration) => registration.unregister()),
    )
  } catch (error) {
    console.warn('Could not unregister the mock service worker', error)
  }
}
