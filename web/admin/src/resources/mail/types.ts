/** One message of the mail outbox, as GET /api/v1/admin/mail lists it. */
export type OutboxMessage = {
  id: number;
  to: string;
  subject: string;
  body_text: string;
  status: 'pending' | 'sent' | 'logged' | 'failed';
  attempts: number;
  last_error: string | null;
  /** RFC 3339 timestamps. */
  created_at: string;
  sent_at: string | null;
};
