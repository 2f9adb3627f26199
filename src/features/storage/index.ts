// Storage's public surface. Uploads plug into the files explorer through ./explorer-seams.ts (a toolbar
// slot for the upload button, `onFilesDropped(files, bucketId, folderPath)` for drops on the explorer's
// body, a panel slot for the uploads panel) wired in ./use-explorer-seams.ts, and read the listings
// again with `refreshFolderListings` once an upload completes.
export { refreshFolderListings, type ExplorerPlace, type ExplorerSeams } from './explorer-seams'
export { storageLocation } from './storage-routes'
