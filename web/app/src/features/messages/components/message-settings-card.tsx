import { useId } from 'react'
import { toast } from '@/lib/toast'

import { Card, CardContent } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'

import { useMessageSettings, useUpdateMessageSettings } from '../api/messages-api'
import { messagesMessages as m } from '../messages'

/** 'Receber mensagens só de quem eu sigo': the server enforces it on every start and send. */
export function MessageSettingsCard() {
  const settings = useMessageSettings()
  const update = useUpdateMessageSettings()
  const id = useId()
  const hint = useId()
  const checked = update.isPending ? update.variables.only_following : (settings.data?.only_following ?? false)
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={id}>{m.onlyFollowing}</Label>
          <p id={hint} className="text-sm text-muted-foreground">
            {m.onlyFollowingHint}
          </p>
        </div>
        <Switch
          id={id}
          aria-describedby={hint}
          checked={checked}
          disabled={!settings.data || update.isPending}
          onCheckedChange={(value) => {
            update.mutate(
              { only_following: value },
              {
                onSuccess: () => { toast.success(m.settingsSaved); },
                onError: () => { toast.error(m.settingsFailed); },
              },
            )
          }}
        />
      </CardContent>
    </Card>
  )
}
