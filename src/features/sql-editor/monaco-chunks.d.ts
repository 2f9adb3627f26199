/** The files of the editor's Monaco chunk, as the build names them (monaco-chunks-plugin.ts); empty on the dev server. */
declare module 'virtual:monaco-chunks' {
  const urls: readonly string[]
  export default urls
}
