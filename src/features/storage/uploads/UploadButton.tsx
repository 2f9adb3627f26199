import { useRef, type ChangeEvent } from 'react'
import { css } from 'styled-system/css'
import { Menu, MenuItem } from '../../../ui/menu'
import { uploadRequests, type UploadQueue } from './upload-queue'

// React does not know these attributes of a folder picker; spread as plain DOM attributes.
const FOLDER_PICKER = { webkitdirectory: '', directory: '' } as Record<string, string>

/**
 * "Upload": files (many at once) or a whole folder (its tree kept under the folder shown). The
 * pickers are hidden inputs the menu clicks; each is emptied after use, so picking the same file
 * again uploads it again.
 */
export function UploadButton({ queue, bucketId, folderPath }: { queue: UploadQueue; bucketId: string; folderPath: string }) {
  const filesInput = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])]
    event.target.value = ''
    if (files.length) queue.add(bucketId, uploadRequests(folderPath, files))
  }
  return (
    <>
      <Menu label="Upload" triggerLabel="Upload" onSelect={(value) => (value === 'folder' ? folderInput : filesInput).current?.click()}>
        <MenuItem value="files">Files…</MenuItem>
        <MenuItem value="folder">A folder…</MenuItem>
      </Menu>
      <input ref={filesInput} type="file" multiple aria-label="Choose files to upload" className={css({ display: 'none' })} onChange={picked} />
      <input ref={folderInput} type="file" multiple aria-label="Choose a folder to upload" className={css({ display: 'none' })} onChange={picked} {...FOLDER_PICKER} />
    </>
  )
}
