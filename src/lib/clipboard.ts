import { COPY_MESSAGE } from '../constants'

/** Copies text, failing with SPEC §8's message when the page cannot (e.g. it lacks focus). */
export async function copyToClipboard(text: string, doc: Document = document): Promise<void> {
  if (!doc.hasFocus()) throw new Error(COPY_MESSAGE.failed)
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    throw new Error(COPY_MESSAGE.failed)
  }
}
