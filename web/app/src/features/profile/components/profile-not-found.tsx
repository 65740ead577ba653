import { UserX } from 'lucide-react'

import { profileMessages as m } from '../messages'

export function ProfileNotFound({ handle }: { handle: string }) {
  return (
    <section className="grid justify-items-center gap-2 py-16 text-center">
      <UserX aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-bold tracking-tight">{m.notFoundTitle}</h1>
      <p className="text-muted-foreground">{m.notFoundDescription(handle)}</p>
    </section>
  )
}
