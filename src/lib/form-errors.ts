/** What a form keeps about its fields: every current message, which fields were left, whether a submit was tried. */
export interface FieldErrorState<F extends string> {
  errors: Partial<Record<F, string>>
  touched: Partial<Record<F, boolean>>
  submitAttempted: boolean
}

/** The message to show beside a field now: only once the field was left or a submit was tried, so nothing is flagged while it is first filled in. */
export function visibleFieldError<F extends string>(form: FieldErrorState<F>, field: F): string | null {
  return form.touched[field] || form.submitAttempted ? form.errors[field] ?? null : null
}
