import { benchPageConfig } from '../page-config.mjs'

// The comparison page: our grid beside react-data-grid.
export default benchPageConfig('grid')
