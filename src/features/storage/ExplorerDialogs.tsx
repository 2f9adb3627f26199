import { Dialog } from '@ark-ui/react/dialog'
import { useEffect, useId, useState } from 'react'
import { css } from 'styled-system/css'
import { signObjectUrl } from '../../api/queries/storage'
import { SIGNED_URL_EXPIRY_CHOICES, type SignedUrlExpiryChoice } from '../../constants/storage'
import { Button } from '../../ui/button'
import { CopyButton } from '../../ui/copy-button'
import { DialogFooter, ModalFrame } from '../../ui/dialog'
import { FormField, FormProblem, describedBy, inputClass } from '../../ui/field'
import { usePendingAction } from '../../ui/use-pending-action'
import type { ExplorerItem } from './explorer-items'
import { countFiles, objectPathsOf } from './object-operations'
import { errorMessage } from '../../lib/error-message'

/**
 * Deleting entries: folders are counted first (every object under them), and the confirmation names
 * how many files go. Nothing is deleted before the count is shown.
 */
export function DeleteEntriesDialog({
  projectRef,
  bucketId,
  items,
  onConfirm,
  onClose,
}: {
  projectRef: string
  bucketId: string
  items: readonly ExplorerItem[]
  onConfirm: (paths: string[]) => Promise<void>
  onClose: () => void
}) {
  const [paths, setPaths] = useState<string[] | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    objectPathsOf(projectRef, bucketId, items, { signal: controller.signal }).then(setPaths, (error: unknown) => {
      if (!controller.signal.aborted) setProblem(`The folder could not be counted: ${errorMessage(error)}`)
    })
    return () => controller.abort()
  }, [projectRef, bucketId, items])
  const folders = items.filter((item) => item.kind === 'folder').length
  const files = paths === null ? null : countFiles(paths)
  const title = items.length === 1 ? `Delete ${items[0]!.kind === 'folder' ? 'folder' : 'file'} ${items[0]!.name}` : `Delete ${items.length} items`
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(details) => !details.open && !busy && onClose()}>
      <ModalFrame size="small" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold', wordBreak: 'break-word' })}>{title}</Dialog.Title>
        <Dialog.Description asChild>
          <div className={css({ color: 'fg.muted', fontSize: 'sm', display: 'flex', flexDir: 'column', gap: '2' })}>
            {problem ? (
              <p role="alert" className={css({ color: 'danger.default' })}>
                {problem}
              </p>
            ) : files === null ? (
              <p>Counting the files…</p>
            ) : folders > 0 ? (
              <p>
                {files === 1 ? '1 file' : `${files.toLocaleString('en-US')} files`} in {folders === 1 ? 'this folder and its subfolders' : `${folders} folders and their subfolders`}
                {items.length > folders ? `, with the other ${items.length - folders === 1 ? 'file' : 'files'} selected,` : ''} will be deleted. This cannot be undone.
              </p>
            ) : (
              <p>{files === 1 ? 'The file' : `${files} files`} will be deleted. This cannot be undone.</p>
            )}
          </div>
        </Dialog.Description>
        <DialogFooter className={css({ mt: '2' })}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={paths === null}
            loading={busy}
            onClick={() => {
              if (!paths) return
              setBusy(true)
              void onConfirm(paths).finally(() => setBusy(false))
            }}
          >
            {files === null ? 'Delete' : `Delete ${files === 1 ? '1 file' : `${files.toLocaleString('en-US')} files`}`}
          </Button>
        </DialogFooter>
      </ModalFrame>
    </Dialog.Root>
  )
}

const CUSTOM_UNITS = [
  { id: 'minutes', seconds: 60 },
  { id: 'hours', seconds: 3600 },
  { id: 'days', seconds: 86_400 },
] as const

/** A signed URL of a file for a chosen time (1 week, 1 month, 1 year, or a custom one), shown to copy. */
export function SignedUrlDialog({ projectRef, bucketId, item, onClose }: { projectRef: string; bucketId: string; item: ExplorerItem; onClose: () => void }) {
  const [choice, setChoice] = useState<SignedUrlExpiryChoice>('week')
  const [amount, setAmount] = useState('1')
  const [unit, setUnit] = useState<(typeof CUSTOM_UNITS)[number]['id']>('hours')
  const [url, setUrl] = useState<string | null>(null)
  const { busy, problem, setProblem, run } = usePendingAction()
  const ids = { amount: useId(), unit: useId(), url: useId() }
  const picked = SIGNED_URL_EXPIRY_CHOICES.find((c) => c.id === choice)!
  const customNumber = Number(amount)
  const customError = choice === 'custom' && !(Number.isInteger(customNumber) && customNumber > 0) ? 'A whole number above 0.' : null
  const seconds = picked.seconds ?? customNumber * CUSTOM_UNITS.find((u) => u.id === unit)!.seconds

  async function sign() {
    if (customError) return
    setProblem(null)
    await run(async () => setUrl(await signObjectUrl(projectRef, bucketId, item.path, seconds)))
  }

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <ModalFrame size="medium" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold', wordBreak: 'break-word' })}>Signed URL of {item.name}</Dialog.Title>
        <Dialog.Description className={css({ color: 'fg.muted', fontSize: 'sm' })}>Anyone with the URL can download the file until it expires.</Dialog.Description>
        <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
          <legend className={css({ fontSize: 'sm', color: 'fg.muted', mb: '1' })}>Expires in</legend>
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
            {SIGNED_URL_EXPIRY_CHOICES.map((c) => (
              <label key={c.id} className={css({ display: 'flex', gap: '1.5', alignItems: 'center', fontSize: 'sm' })}>
                <input
                  type="radio"
                  name="expiry"
                  value={c.id}
                  checked={choice === c.id}
                  onChange={() => {
                    setChoice(c.id)
                    setUrl(null)
                  }}
                />
                {c.label}
              </label>
            ))}
          </div>
        </fieldset>
        {choice === 'custom' ? (
          <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2' })}>
            <FormField id={ids.amount} label="Number" error={customError}>
              <input {...describedBy(ids.amount, customError, false)} inputMode="numeric" className={inputClass} value={amount} onChange={(event) => (setAmount(event.target.value), setUrl(null))} />
            </FormField>
            <FormField id={ids.unit} label="Unit">
              <select id={ids.unit} className={inputClass} value={unit} onChange={(event) => (setUnit(event.target.value as typeof unit), setUrl(null))}>
                {CUSTOM_UNITS.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.id}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
        ) : null}
        <FormProblem>{problem}</FormProblem>
        {url ? (
          <FormField id={ids.url} label="Signed URL">
            <div className={css({ display: 'flex', gap: '2' })}>
              <input id={ids.url} readOnly className={inputClass} value={url} onFocus={(event) => event.target.select()} />
              <CopyButton text={url} subject="signed URL" />
            </div>
          </FormField>
        ) : null}
        <DialogFooter className={css({ mt: '2' })}>
          <Button onClick={onClose}>Close</Button>
          <Button variant="primary" loading={busy} disabled={Boolean(customError)} onClick={() => void sign()}>
            {url ? 'Sign again' : 'Get URL'}
          </Button>
        </DialogFooter>
      </ModalFrame>
    </Dialog.Root>
  )
}
