/**
 * The project's global upload size limit as the storage settings form edits it: an amount and a
 * unit, checked against the plan's maximum (SPEC §9: 50 MB Free, 500 GB Pro and up) before saving;
 * the platform checks it again and answers with the same message.
 *
 * Decisions: units are binary (1 MB = 1048576 bytes, SPEC §9's byte constants); a fraction is allowed
 * in KB, MB and GB (1.5 GB) and rounded down to whole bytes; a saved limit opens in the largest
 * unit that holds it exactly, so what was typed reads back the same.
 */
import type { PlanId } from '../constants'
import { STORAGE_PLAN_UPLOAD_LIMIT } from '../constants/storage'
import { sizeInUnit, unitBytes, type SizeUnit } from './size-units'
import { storagePlanLimitMessage } from './storage-names'

export interface UploadLimitForm {
  amount: string
  unit: SizeUnit
}

export const UPLOAD_LIMIT_MESSAGES = {
  empty: 'Enter the largest file size to accept.',
  notANumber: (amount: string) => `"${amount}" is not a number: enter a size such as 50 or 1.5.`,
  notPositive: 'The limit must be above 0.',
  wholeBytes: 'A size in bytes is a whole number.',
} as const

/** The form's limit in bytes, or the first reason it cannot be saved (the plan's message when over its maximum). */
export function uploadLimitFromForm(form: UploadLimitForm, plan: PlanId): { bytes: number } | { problem: string } {
  const amount = form.amount.trim()
  if (amount === '') return { problem: UPLOAD_LIMIT_MESSAGES.empty }
  if (!/^\d*\.?\d+$|^\d+\.$/.test(amount)) return { problem: UPLOAD_LIMIT_MESSAGES.notANumber(amount) }
  const value = Number(amount)
  if (form.unit === 'bytes' && !Number.isInteger(value)) return { problem: UPLOAD_LIMIT_MESSAGES.wholeBytes }
  const bytes = Math.floor(value * unitBytes(form.unit))
  if (bytes <= 0) return { problem: UPLOAD_LIMIT_MESSAGES.notPositive }
  if (bytes > STORAGE_PLAN_UPLOAD_LIMIT[plan]) return { problem: storagePlanLimitMessage(plan) }
  return { bytes }
}

/** A saved limit as the form shows it: the largest unit that holds it exactly. */
export function uploadLimitForm(bytes: number): UploadLimitForm {
  const { value, unit } = sizeInUnit(bytes)
  return { amount: value, unit }
}
