import { Search, Sparkles } from 'lucide-react'
import { useId, useState } from 'react'

import { Page } from '@/components/layout/page'
import { Placeholders } from '@/components/placeholders'
import { RowSkeleton } from '@/components/row-skeleton'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { useDebouncedValue } from '@/lib/use-debounced-value'

import { useSearch } from '../api/search'
import { searchMessages as m } from '../messages'
import { unknownKind, useResultKinds } from '../result-kinds'
import type { SearchResult } from '../types'

import { SearchResultRow } from './search-result-row'

/** Searches run after a 300 ms pause in typing. */
export const SEARCH_DELAY_MS = 300

/**
 * /search: the box searches after a 300 ms
 * pause; empty, it offers 'Discover' shortcuts.
 */
export function SearchScreen() {
  const inputId = useId()
  const [text, setText] = useState('')
  const term = useDebouncedValue(text.trim(), SEARCH_DELAY_MS)
  const typing = text.trim() !== term
  const query = useSearch(term)

  return (
    <Page title={m.title}>
      <div className="relative">
        <label htmlFor={inputId} className="sr-only">
          {m.searchLabel}
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
          }}
          placeholder={m.placeholder}
          autoComplete="off"
          className="h-11 pl-9"
        />
      </div>
      <Results
        empty={text.trim() === ''}
        loading={typing || query.isPending}
        failed={query.isError}
        items={query.data?.items ?? []}
        onShortcut={setText}
      />
    </Page>
  )
}

interface ResultsProps {
  empty: boolean
  loading: boolean
  failed: boolean
  items: SearchResult[]
  onShortcut: (term: string) => void
}

function Results({ empty, loading, failed, items, onShortcut }: ResultsProps) {
  const kinds = useResultKinds()
  if (empty) {
    return (
      <section aria-labelledby="search-discover" className="grid justify-items-center gap-3 py-12 text-center">
        <Sparkles aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 id="search-discover" className="text-lg font-semibold">
          {m.discover}
        </h2>
        <p className="text-sm text-muted-foreground">{m.discoverHint}</p>
        <div className="flex flex-wrap justify-center gap-2">
          {m.shortcuts.map((shortcut) => (
            <Button
              key={shortcut}
              variant="outline"
              size="sm"
              onClick={() => {
                onShortcut(shortcut)
              }}
            >
              {shortcut}
            </Button>
          ))}
        </div>
      </section>
    )
  }
  if (loading) {
    return (
      <Placeholders label={m.loading} count={5} className="grid gap-2">
        <div data-testid="search-placeholder" className="flex items-center gap-3 rounded-lg border p-3">
          <RowSkeleton pictureClassName="size-10 rounded-full" titleWidth="w-40" subtitleWidth="w-24" />
        </div>
      </Placeholders>
    )
  }
  if (failed) {
    return (
      <p role="alert" className="py-12 text-center text-muted-foreground">
        {m.failed}
      </p>
    )
  }
  if (items.length === 0) {
    return (
      <div role="status" className="grid gap-1 py-12 text-center">
        <p className="text-lg font-semibold">{m.noResults}</p>
        <p className="text-sm text-muted-foreground">{m.noResultsHint}</p>
      </div>
    )
  }
  return (
    <section aria-label={m.resultsLabel} className="grid gap-2">
      <p role="status" className="sr-only">
        {m.resultCount(items.length)}
      </p>
      <ul className="grid gap-2">
        {items.map((result) => (
          <SearchResultRow
            key={`${result.type}:${result.id}`}
            result={result}
            kind={kinds.get(result.type) ?? unknownKind(result.type)}
          />
        ))}
      </ul>
    </section>
  )
}
