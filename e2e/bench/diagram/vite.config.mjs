import { benchPageConfig } from '../page-config.mjs'

// The schema diagram's page, drawn as in the app.
export default benchPageConfig('diagram', { appStyles: true })
