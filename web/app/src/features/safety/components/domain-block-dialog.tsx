import { ConfirmDialog } from '@/components/confirm-dialog'
import { problemDetailOr } from '@/lib/api'
import { toast } from '@/lib/toast'

import { useBlockDomain } from '../api/domain-blocks'
import { safetyMessages as m } from '../messages'

interface DomainBlockDialogProps {
  domain: string
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Asks before blocking a whole server, which ends follows with all of its accounts; confirming blocks and closes. */
export function DomainBlockDialog({ domain, open, onOpenChange }: DomainBlockDialogProps) {
  const block = useBlockDomain()
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.blockDomainTitle(domain)}
      description={m.blockDomainDescription}
      cancelLabel={m.cancel}
      confirmLabel={block.isPending ? m.blocking : m.blockConfirm}
      pending={block.isPending}
      onConfirm={() => {
        block.mutate(domain, {
          onSuccess: (saved) => {
            onOpenChange(false)
            toast.success(m.domainAdded, { description: m.domainAddedDescription(saved.domain) })
          },
          onError: (e) => {
            toast.error(m.failed, { description: problemDetailOr(e, m.failed) })
          },
        })
      }}
      closeLabel={m.cancel}
    />
  )
}
