import { MailCheck } from 'lucide-react'

import { Button } from '@/components/ui/button'

import { useResendConfirmationAction } from '../hooks/use-resend-confirmation-action'
import { authMessages as m } from '../messages'

interface ConfirmationNoticeProps {
  /** The text to show: 'Verifique seu email…' after sign-up, the server's reason after a refused sign-in. */
  message: string
  /** Where 'Reenviar email' sends a new link. */
  email: string
}

/** An account waiting for its e-mail confirmation, with 'Reenviar email'. */
export function ConfirmationNotice({ message, email }: ConfirmationNoticeProps) {
  const { resend, resending } = useResendConfirmationAction()
  return (
    <div role="status" className="grid gap-3 rounded-md border bg-muted/50 p-4 text-sm">
      <p className="flex items-start gap-2">
        <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>{message}</span>
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={resending}
        onClick={() => {
          resend(email)
        }}
      >
        {m.resendEmail}
      </Button>
    </div>
  )
}
