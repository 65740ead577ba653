import { Link } from 'react-router'

import { Button } from '@/components/ui/button'

import { messagesMessages as m } from '../messages'
import { messagesPaths } from '../paths'

/** The row of /settings' privacy section that leads to who may message the member. */
export function MessagesSettingsRows() {
  return (
    <div className="grid gap-2 sm:flex sm:items-center sm:justify-between">
      <p className="text-sm">{m.settingsHint}</p>
      <Button asChild variant="outline" className="h-11 w-full shrink-0 sm:h-9 sm:w-auto">
        <Link to={messagesPaths.messages}>{m.openMessages}</Link>
      </Button>
    </div>
  )
}
