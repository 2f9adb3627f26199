import type { SupportTicket } from '../../lib/support-ticket'
import { api, type ApiClient } from '../client'
import { SupportTicketSentSchema } from '../schemas'

/**
 * Sends a support request (POST /platform/feedback/send, the real platform's path); the answer is
 * the ticket's reference. A mutation: it is never retried, so a request is filed at most once.
 */
export async function sendSupportTicket(ticket: SupportTicket, options: { signal?: AbortSignal; client?: ApiClient } = {}): Promise<{ ticketId: string }> {
  const client = options.client ?? api
  const answer = await client.post('/platform/feedback/send', { body: ticket, schema: SupportTicketSentSchema, signal: options.signal })
  return { ticketId: answer.ticket_id }
}
