import * as v from 'valibot'

/** Answer of POST /platform/feedback/send: the reference of the filed ticket. */
export const SupportTicketSentSchema = v.object({
  result: v.literal('ok'),
  ticket_id: v.string(),
})
export type SupportTicketSent = v.InferOutput<typeof SupportTicketSentSchema>
