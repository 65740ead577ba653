import { X } from 'lucide-react'
import { useId, useState, type SyntheticEvent } from 'react'
import { toast } from '@/lib/toast'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { QueryLoadFailed } from '@/components/load-failed'
import { Placeholders } from '@/components/placeholders'
import { problemDetailOr } from '@/lib/api'

import { useBlockDomain, useDomainBlocks, useUnblockDomain } from '../api/domain-blocks'
import { safetyMessages as m } from '../messages'

import { checkDomain } from './check-domain'

/** Blocked servers: block one by its domain, see each, unblock any. */
export function BlockedDomains() {
  const blocks = useDomainBlocks()
  const add = useBlockDomain()
  const remove = useUnblockDomain()
  const [input, setInput] = useState('')
  const [error, setError] = useState<string | null>(null)
  const inputId = useId()
  const errorId = useId()
  const list = blocks.data ?? []

  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    const checked = checkDomain(input)
    if ('error' in checked) {
      setError(checked.error)
      return
    }
    setError(null)
    add.mutate(checked.domain, {
      onSuccess: (saved) => {
        setInput('')
        toast.success(m.domainAdded, { description: m.domainAddedDescription(saved.domain) })
      },
      onError: (e) => {
        setError(problemDetailOr(e, m.failed))
      },
    })
  }

  let content
  if (blocks.isPending) {
    content = (
      <Placeholders label={m.loadingDomains} count={2} className="grid gap-2">
        <Skeleton className="h-11 w-full rounded-lg" />
      </Placeholders>
    )
  } else if (blocks.isError) {
    content = <QueryLoadFailed query={blocks} message={m.listFailed} retryLabel={m.retry} layout="inline" />
  } else if (list.length === 0) {
    content = <p className="text-sm text-muted-foreground">{m.noDomains}</p>
  } else {
    content = (
      <ul aria-label={m.domainsList} className="grid gap-2">
        {list.map((b) => (
          <li key={b.domain} className="flex items-center gap-2 rounded-lg border py-1 pr-1 pl-3">
            <span className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">{b.domain}</span>
            <Button
              variant="ghost"
              size="icon"
              className="size-11 shrink-0 sm:size-9"
              aria-label={m.removeDomain(b.domain)}
              disabled={remove.isPending && remove.variables === b.domain}
              onClick={() => {
                remove.mutate(b.domain, {
                  onSuccess: () => {
                    toast.success(m.domainRemoved)
                  },
                  onError: (e) => {
                    toast.error(m.failed, { description: problemDetailOr(e, m.failed) })
                  },
                })
              }}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    )
  }

  return (
    <div className="grid gap-3">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor={inputId}>{m.domainLabel}</Label>
          <Input
            id={inputId}
            value={input}
            inputMode="url"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            placeholder={m.domainPlaceholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setInput(event.target.value)
              if (error) setError(null)
            }}
          />
        </div>
        <Button type="submit" className="h-11 sm:h-9" disabled={add.isPending}>
          {add.isPending ? m.addingDomain : m.addDomain}
        </Button>
      </form>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {content}
    </div>
  )
}
