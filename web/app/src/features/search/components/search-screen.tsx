import { Search, Sparkles } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'

import { Page } from '@/components/layout/page'
import { Placeholders } from '@/components/placeholders'
import { RowSkeleton } from '@/components/row-skeleton'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs'
import type { PluginSearchKind } from '@/features/plugins'

import { useSearch } from '../api/search'
import { searchMessages as m } from '../messages'
import { unknownKind, useResultKinds } from '../result-kinds'
import type { SearchResult } from '../types'

import { SearchResultRow } from './search-result-row'

/** Searches run after a 300 ms pause in typing. */
export const SEARCH_DELAY_MS = 300

/** The tab showing every kind of result; the others are named by their result type. */
const ALL_TAB = 'all'

/**
 * /search?q=…&tab=…: the URL holds the search, so it can be linked, kept
 * and found again with Back. Typing writes `q` after a 300 ms pause,
 * replacing the entry (Back leaves the screen, it does not replay every
 * word); opening or going back to such a URL runs that search on that tab.
 * Empty, it offers 'Discover' shortcuts.
 */
export function SearchScreen() {
  const inputId = useId()
  const [params, setParams] = useSearchParams()
  const searched = (params.get('q') ?? '').trim()
  const tab = params.get('tab') ?? ALL_TAB
  const [text, setText] = useState(searched)
  const query = useSearch(searched)
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  /** Writes the search into the URL, keeping the tab: no `q` while empty, no `tab` on 'Tudo'. */
  const show = useCallback(
    (term: string, nextTab?: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams()
          const keptTab = nextTab ?? current.get('tab') ?? ALL_TAB
          if (term !== '') next.set('q', term)
          if (term !== '' && keptTab !== ALL_TAB) next.set('tab', keptTab)
          return next
        },
        { replace: true },
      )
    },
    [setParams],
  )

  // A pause in typing searches: the URL follows the box 300 ms after the last key.
  const type = (value: string) => {
    setText(value)
    clearTimeout(pause.current)
    pause.current = setTimeout(() => {
      show(value.trim())
    }, SEARCH_DELAY_MS)
  }
  useEffect(
    () => () => {
      clearTimeout(pause.current)
    },
    [],
  )

  // Back, Forward or a link changed the URL: the box follows it (set while
  // rendering, React's way of adjusting state to a changed input).
  const [shownSearch, setShownSearch] = useState(searched)
  if (shownSearch !== searched) {
    setShownSearch(searched)
    if (text.trim() !== searched) setText(searched)
  }

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
            type(event.target.value)
          }}
          placeholder={m.placeholder}
          autoComplete="off"
          className="h-11 pl-9"
        />
      </div>
      <Results
        empty={text.trim() === ''}
        loading={text.trim() !== searched || query.isPending}
        failed={query.isError}
        items={query.data?.items ?? []}
        tab={tab}
        onTab={(next) => {
          show(searched, next)
        }}
        onShortcut={(shortcut) => {
          clearTimeout(pause.current)
          setText(shortcut)
          show(shortcut, ALL_TAB)
        }}
      />
    </Page>
  )
}

interface ResultsProps {
  empty: boolean
  loading: boolean
  failed: boolean
  items: SearchResult[]
  tab: string
  onTab: (tab: string) => void
  onShortcut: (term: string) => void
}

function Results({ empty, loading, failed, items, tab, onTab, onShortcut }: ResultsProps) {
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
  // A tab the URL names but nobody offers (a plugin turned off, a typo) shows everything.
  const current = tab === ALL_TAB || kinds.has(tab) ? tab : ALL_TAB
  const shown = current === ALL_TAB ? items : items.filter((result) => result.type === current)
  return (
    <div className="grid gap-4">
      <KindTabs kinds={[...kinds.values()]} current={current} onTab={onTab} />
      <ResultList loading={loading} failed={failed} items={shown} kinds={kinds} />
    </div>
  )
}

/** 'Tudo', then one tab per kind of result (their badges' names). */
function KindTabs({ kinds, current, onTab }: { kinds: PluginSearchKind[]; current: string; onTab: (tab: string) => void }) {
  return (
    <Tabs value={current} onValueChange={onTab}>
      <TabsList aria-label={m.tabsLabel} className="h-auto flex-wrap justify-start">
        <TabsTrigger value={ALL_TAB} className="flex-none">
          {m.allTab}
        </TabsTrigger>
        {kinds.map((kind) => (
          <TabsTrigger key={kind.type} value={kind.type} className="flex-none">
            {kind.label}
          </TabsTrigger>
        ))}
      </TabsList>
    </Tabs>
  )
}

interface ResultListProps {
  loading: boolean
  failed: boolean
  items: SearchResult[]
  kinds: ReadonlyMap<string, PluginSearchKind>
}

function ResultList({ loading, failed, items, kinds }: ResultListProps) {
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
