import { format } from 'date-fns'
import { ptBR } from 'date-fns/locale'
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

import { useAddMutedWord, useMutedWords, useRemoveMutedWord, type MuteDuration } from '../api/muted-words'
import { MUTED_WORD_MAX_LENGTH, MUTED_WORDS_MAX, safetyMessages as m } from '../messages'

const durations: MuteDuration[] = ['24h', '7d', '30d', 'forever']

function failureOf(error: Error): string {
  return problemDetailOr(error, m.failed)
}

/** Characters as the server counts them, spaces collapsed. */
function lengthOf(word: string): number {
  return Array.from(word.trim().split(/\s+/).join(' ')).length
}

/** Muted words: add one with how long it lasts, see each with its end, remove any. */
export function MutedWords() {
  const words = useMutedWords()
  const add = useAddMutedWord()
  const remove = useRemoveMutedWord()
  const [word, setWord] = useState('')
  const [duration, setDuration] = useState<MuteDuration>('forever')
  const [error, setError] = useState<string | null>(null)
  const wordId = useId()
  const durationId = useId()
  const errorId = useId()
  const list = words.data ?? []
  const full = list.length >= MUTED_WORDS_MAX

  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    const length = lengthOf(word)
    if (length === 0) {
      setError(m.wordEmpty)
      return
    }
    if (length > MUTED_WORD_MAX_LENGTH) {
      setError(m.wordTooLong)
      return
    }
    setError(null)
    add.mutate(
      { word, duration },
      {
        onSuccess: (saved) => {
          setWord('')
          toast.success(m.wordAdded, { description: m.wordAddedDescription(saved.word) })
        },
        onError: (e) => {
          setError(failureOf(e))
        },
      },
    )
  }

  let content
  if (words.isPending) {
    content = (
      <Placeholders label={m.loadingWords} count={3} className="flex flex-wrap gap-2">
        <Skeleton className="h-8 w-24 rounded-full" />
      </Placeholders>
    )
  } else if (words.isError) {
    content = (
      <QueryLoadFailed query={words} message={m.listFailed} retryLabel={m.retry} layout="inline" />
    )
  } else if (list.length === 0) {
    content = <p className="text-sm text-muted-foreground">{m.noWords}</p>
  } else {
    content = (
      <ul aria-label={m.wordsList} className="grid gap-2">
        {list.map((w) => (
          <li key={w.id} className="flex items-center gap-2 rounded-lg border py-1 pr-1 pl-3">
            <div className="grid min-w-0 flex-1">
              <span className="font-medium [overflow-wrap:anywhere]">{w.word}</span>
              <span className="text-xs text-muted-foreground">
                {w.expires_at
                  ? m.until(format(new Date(w.expires_at), "d 'de' MMM, HH:mm", { locale: ptBR }))
                  : m.forever}
              </span>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="size-11 shrink-0 sm:size-9"
              aria-label={m.removeWord(w.word)}
              disabled={remove.isPending && remove.variables === w.id}
              onClick={() => {
                remove.mutate(w.id, {
                  onSuccess: () => {
                    toast.success(m.wordRemoved)
                  },
                  onError: (e) => {
                    toast.error(m.failed, { description: failureOf(e) })
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
      <form onSubmit={submit} noValidate className="grid gap-3">
        <div className="grid gap-2">
          <Label htmlFor={wordId}>{m.wordLabel}</Label>
          <Input
            id={wordId}
            value={word}
            placeholder={m.wordPlaceholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={full}
            onChange={(event) => {
              setWord(event.target.value)
              if (error) setError(null)
            }}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <div className="grid gap-2">
            <Label htmlFor={durationId}>{m.durationLabel}</Label>
            <select
              id={durationId}
              value={duration}
              disabled={full}
              onChange={(event) => {
                setDuration(event.target.value as MuteDuration)
              }}
              className="h-11 rounded-md border border-input bg-transparent px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 md:text-sm"
            >
              {durations.map((d) => (
                <option key={d} value={d}>
                  {m.durations[d]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" className="h-11 sm:h-9" disabled={add.isPending || full}>
            {add.isPending ? m.addingWord : m.addWord}
          </Button>
        </div>
      </form>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {words.isSuccess ? (
        <p className="text-xs text-muted-foreground">{m.wordsCount(list.length, MUTED_WORDS_MAX)}</p>
      ) : null}
      {content}
    </div>
  )
}
