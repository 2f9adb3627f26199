import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import { App } from './app/App'
import { FIRST_SCREEN_CODE_WAIT } from './constants'
import { preloadRoute } from './app/routes'
import { startInspectorLink } from './app/inspector-link'
import { startMockPlatformIfEnabled } from './app/mock-platform'
import { applyTheme } from './app/theme'
import { settings } from './lib/settings'

applyTheme()
// The product's name is custom content (SPEC §3): an operator may call it something else.
document.title = settings.customContent['app:title']
startInspectorLink()
const root = createRoot(document.getElementById('root')!)
// The first screen's code loads beside the mock platform's start, and the first render waits for it
// (a little while at most: then the loading state shows).
const firstScreen = Promise.race([preloadRoute(window.location.pathname), new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_CODE_WAIT))])
void startMockPlatformIfEnabled()
  .catch((error: unknown) => console.error('The mock platform failed to start', error))
  .then(() => {
    // The bench reads this mark to tell the mock platform's start-up from the app's own work.
    performance.mark('studio:mock-platform-ready')
    return firstScreen
  })
  .finally(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  })
