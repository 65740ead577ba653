import { useId, type ReactNode } from 'react'

import { safetyMessages as m } from '../messages'

import { BlockedDomains } from './blocked-domains'
import { MutedWords } from './muted-words'
import { RelationList } from './relation-list'

function Part({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="grid gap-2 border-t pt-4">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <p className="text-sm text-muted-foreground">{hint}</p>
      {children}
    </section>
  )
}

/** The safety part of /settings' 'Privacidade e segurança': blocked members and servers, muted members and words. */
export function SafetySettings() {
  return (
    <>
      <Part title={m.blockedList} hint={m.blockedListHint}>
        <RelationList relation="block" />
      </Part>
      <Part title={m.domainsList} hint={m.domainsListHint}>
        <BlockedDomains />
      </Part>
      <Part title={m.mutedList} hint={m.mutedListHint}>
        <RelationList relation="mute" />
      </Part>
      <Part title={m.mutedWords} hint={m.mutedWordsHint}>
        <MutedWords />
      </Part>
    </>
  )
}
