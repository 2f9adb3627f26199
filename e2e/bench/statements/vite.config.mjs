import { benchPageConfig } from '../page-config.mjs'

// The statements page: the query performance list, drawn as in the app.
export default benchPageConfig('statements', { appStyles: true })
