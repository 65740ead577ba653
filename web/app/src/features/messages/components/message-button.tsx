import { MessageCircle } from 'lucide-react'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'

import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api'

import { useStartConversation } from '../api/messages-api'
import { messagesMessages as m } from '../messages'
import { messagesPaths } from '../paths'

/**
 * The message icon button of another member's profile: opens the
 * conversation with them (the plugin's profile action).
 */
export function MessageButton({ handle }: { handle: string }) {
  const start = useStartConversation()
  const navigate = useNavigate()
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label={m.messageButton(handle)}
      disabled={start.isPending}
      onClick={() => {
        start.mutate(handle, {
          onSuccess: (conversation) => void navigate(messagesPaths.conversation(conversation.id)),
          onError: (error) => {
            const detail = error instanceof ApiError ? error.problem?.detail : undefined
            toast.error(m.startFailedTitle, { description: detail ?? m.startFailed })
          },
        })
      }}
    >
      <MessageCircle aria-hidden="true" />
    </Button>
  )
}
