/** Saving a file the page made (an export, a recording) through the browser's download. */

// Some browsers (Safari, older Firefox) drop a download whose URL is revoked in the same task as the click.
const REVOKE_DELAY_MS = 1000

/** Saves a blob under `fileName` through an object URL and an `<a download>` click. */
export function downloadBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob)
  const link = doc.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  doc.body.append(link)
  try {
    link.click()
  } finally {
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS)
  }
}
