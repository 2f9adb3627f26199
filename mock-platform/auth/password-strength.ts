type Estimator = { check: (password: string) => { score: number; feedback: { warning: string | null; suggestions: string[] } } }
let estimator: Promise<Estimator> | undefined

/** The strength estimator's dictionaries are large: load them only when a password is checked. */
function loadEstimator(): Promise<Estimator> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, english]) =>
      new core.ZxcvbnFactory({
        translations: english.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...english.dictionary },
      }),
  )
  return estimator
}

/** Scores a password 0–4 with suggestions, as the platform's password check does. */
export async function scorePassword(password: string) {
  const { score, feedback } = (await loadEstimator()).check(password)
  return { score, warning: feedback.warning ?? '', suggestions: feedback.suggestions }
}
