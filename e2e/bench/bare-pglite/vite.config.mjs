import { benchPageConfig } from '../page-config.mjs'

// The bare PGlite page: the baseline a project database's start is measured against, in the same browser and run.
export default benchPageConfig('bare-pglite', { react: false })
