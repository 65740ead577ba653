import { toast } from '@/lib/toast'

import { useResendConfirmation } from '../api/resend-confirmation'
import { describeFailure } from '../failures'
import { authMessages as m } from '../messages'
import { showErrorToast } from '../show-toast'

/** 'Reenviar email': the server's answer as a toast; the 60 s cool-down reads 'Muitas tentativas'. */
export function useResendConfirmationAction() {
  const mutation = useResendConfirmation()
  const resend = (email: string) => {
    mutation.mutate(email, {
      onSuccess: ({ message }) => {
        toast.success(message)
      },
      onError: (error) => {
        const { toast: text } = describeFailure(error, m.errorTitle)
        if (text) showErrorToast(text)
      },
    })
  }
  return { resend, resending: mutation.isPending }
}
