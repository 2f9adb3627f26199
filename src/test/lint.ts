/**
 * `npm run lint`: TypeScript's check, the import cycles and ESLint over one TypeScript program.
 * Apart, `tsc --noEmit` (83 s) and ESLint's type-aware rules (which built and checked the same
 * program again: 221 s with import/no-cycle) did the type checker's work twice; here ESLint's rules
 * ask a checker that has already checked everything, and the cycles are one pass over the
 * compiler's own import graph (import-cycles.ts) instead of import/no-cycle's walk per import.
 */
import { relative, sep } from 'node:path'
import { ESLint } from 'eslint'
import ts from 'typescript'
import { findImportCycles } from './import-cycles'

const started = performance.now()
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`
const root = process.cwd()

const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', undefined, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => console.error(ts.flattenDiagnosticMessageText(d.messageText, '\n')) })
if (!config) process.exit(1)
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences })
const diagnostics = ts.getPreEmitDiagnostics(program)
const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' }
if (diagnostics.length > 0) console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host))
console.log(`types: ${diagnostics.length} errors (${seconds(started)})`)

const cyclesStarted = performance.now()
// Our files only: packages and the generated styled-system are not ours to fix.
const ours = (fileName: string) => {
  const path = relative(root, fileName)
  return !path.startsWith('..') && !path.split(sep).some((part) => part === 'node_modules' || part === 'styled-system')
}
const cycles = findImportCycles(program, ours)
for (const cycle of cycles) {
  console.error(`Import cycle (DESIGN.md: imports run one way): ${cycle.route.map((step) => relative(root, step)).join(' → ')} → ${relative(root, cycle.files[0]!)}`)
}
console.log(`import cycles: ${cycles.length} (${seconds(cyclesStarted)})`)

const eslintStarted = performance.now()
// import/no-cycle stays in eslint.config.js for an editor's ESLint; here the cycles were found above.
const eslint = new ESLint({
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { projectService: false, programs: [program] } }, rules: { 'import/no-cycle': 'off' } }],
})
const results = await eslint.lintFiles(['.'])
const problems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0)
if (problems > 0) console.error(await (await eslint.loadFormatter('stylish')).format(results))
console.log(`eslint: ${problems} problems in ${results.length} files (${seconds(eslintStarted)}); lint ${seconds(started)} in all`)

if (diagnostics.length > 0 || cycles.length > 0 || problems > 0) process.exitCode = 1
