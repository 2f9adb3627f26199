export * from './profile'
export * from './organization'
export * from './project'
