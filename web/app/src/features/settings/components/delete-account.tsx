import { useState, type SyntheticEvent } from 'react'
import { toast } from '@/lib/toast'

import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { problemDetailOr } from '@/lib/api'
import { useOnline } from '@/lib/online'
import { useSession } from '@/features/session'

import { useDeleteAccount } from '../api/data-rights'
import { settingsMessages as m } from '../messages'

/**
 * The confirmation of 'Excluir conta': what happens, then the password.
 * Once the server deleted the account every session is over, this one
 * too: asking for the session signs the member out here.
 */
function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()
  const remove = useDeleteAccount()
  const { checkSession } = useSession()

  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    setError(undefined)
    if (!password) {
      setError(m.deletePasswordHint)
      return
    }
    remove.mutate(password, {
      onSuccess: () => {
        toast.success(m.deleted, { description: m.deletedDescription })
        onOpenChange(false)
        checkSession()
      },
      onError: (err) => {
        setError(problemDetailOr(err, m.deleteFailed))
      },
    })
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setPassword('')
          setError(undefined)
        }
        onOpenChange(next)
      }}
    >
      <DialogContent closeLabel={m.close}>
        <form className="grid gap-4" onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>{m.deleteDialogTitle}</DialogTitle>
            <DialogDescription>{m.deleteDialogIntro}</DialogDescription>
          </DialogHeader>
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            {m.deleteWhat.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">{m.deleteExportFirst}</p>
          <FormField
            label={m.deletePassword}
            type="password"
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(event) => {
              setPassword(event.target.value)
            }}
          />
          <DialogFooter>
            <Button
              type="button"
              variant="ghost"
              className="h-11 sm:h-9"
              onClick={() => {
                onOpenChange(false)
              }}
            >
              {m.cancel}
            </Button>
            <Button type="submit" variant="destructive" className="h-11 sm:h-9" disabled={remove.isPending}>
              {remove.isPending ? m.deleting : m.deleteConfirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** 'Excluir conta': what it means, and the button that opens the confirmation. */
export function DeleteAccountBlock() {
  const [open, setOpen] = useState(false)
  const online = useOnline()
  return (
    <div className="grid gap-3 border-t pt-4">
      <div className="grid gap-1">
        <h3 className="font-medium text-destructive">{m.deleteTitle}</h3>
        <p className="text-sm text-muted-foreground">{m.deleteHint}</p>
      </div>
      <Button
        variant="destructive"
        className="h-11 w-full sm:h-9 sm:w-auto sm:justify-self-start"
        disabled={!online}
        onClick={() => {
          setOpen(true)
        }}
      >
        {m.deleteOpen}
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </div>
  )
}
