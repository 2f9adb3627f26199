// Uploads on the storage screens: how many files go at once and how a failed chunk is retried.
import { RETRY } from './timing'

/** Not in SPEC: files sent at the same time; the others wait their turn in the uploads panel. */
export const STORAGE_UPLOAD_CONCURRENCY = 3

/**
 * Not in SPEC: a chunk that fails (network, 5xx, 429) is sent again this many times, after a doubling
 * delay, before the file is marked failed; the user's Retry then resumes from the last acknowledged byte.
 */
export const STORAGE_CHUNK_RETRY = { attempts: RETRY.maxRetries, baseDelay: RETRY.baseDelay, maxDelay: 8_000 } as const

/** Why a file is refused before any byte is sent: each names the file and the limit it broke. */
export const STORAGE_UPLOAD_MESSAGES = {
  conflict: (name: string) => `${name} already exists in this folder.`,
  tooLargeForBucket: (name: string, size: string, limit: string) => `${name} is ${size}; this bucket accepts files up to ${limit}.`,
  tooLargeForProject: (name: string, size: string, limit: string) => `${name} is ${size}; the project's upload limit is ${limit} (Storage settings).`,
  mimeRefused: (name: string, mimetype: string, allowed: readonly string[]) =>
    `${name} is ${mimetype || 'of an unknown type'}; this bucket accepts only ${allowed.join(', ')}.`,
  badName: (name: string, problem: string) => `${name} cannot be uploaded: ${problem}`,
} as const
