export * from './timing'
export * from './messages'
export * from './platform'
