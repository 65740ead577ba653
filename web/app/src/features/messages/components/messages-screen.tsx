import { MessageCircle, Search } from 'lucide-react'
import { Link } from 'react-router'

import { Page } from '@/components/layout/page'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { paths } from '@/config/paths'
import { useSession } from '@/features/session'

import { messagesMessages as m } from '../messages'

/** /messages — spec 001's placeholder: nothing is loaded or sent. */
export function MessagesScreen() {
  const { status, user } = useSession()
  // The access guard keeps 'loading' from reaching here; say nothing meanwhile.
  if (status === 'loading') return null
  if (!user) return <p className="py-12 text-center text-muted-foreground">{m.loggedOut}</p>

  return (
    <Page title={m.title}>
      <div className="relative">
        <Search aria-hidden="true" className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input type="search" aria-label={m.searchLabel} placeholder={m.searchPlaceholder} className="pl-9" />
      </div>
      <Card>
        <CardContent className="grid justify-items-center gap-4 py-8 text-center">
          <MessageCircle aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="text-muted-foreground">{m.empty}</p>
          <Button asChild>
            <Link to={paths.search}>{m.findPeople}</Link>
          </Button>
        </CardContent>
      </Card>
    </Page>
  )
}
