import * as v from 'valibot'

/** A consent category (SPEC §3) of GET /platform/telemetry/consent-categories. */
export const ConsentCategorySchema = v.object({
  slug: v.pipe(v.string(), v.nonEmpty()),
  label: v.string(),
  description: v.string(),
  isEssential: v.boolean(),
  services: v.array(v.object({ id: v.string(), consent: v.boolean() })),
})
export type ConsentCategory = v.InferOutput<typeof ConsentCategorySchema>

export const ConsentCategoriesSchema = v.array(ConsentCategorySchema)
