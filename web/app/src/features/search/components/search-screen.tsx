import { Search, Sparkles } from 'lucide-react'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'

import { Page } from '@/components/layout/page'
import { Placeholders } from '@/components/placeholders'
import { RowSkeleton } from '@/components/row-skeleton'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import type { PluginSearchKind } from '@/features/plugins'
import { useDebouncedValue } from '@/lib/use-debounced-value'

import { useSearch, useSearchSuggestions } from '../api/search'
import { searchMessages as m } from '../messages'
import { unknownKind, useResultKinds } from '../result-kinds'
import type { SearchResult } from '../types'

import { SearchResultRow } from './search-result-row'

/** Searches run after a 300 ms pause in typing. */
export const SEARCH_DELAY_MS = 300

/** The tab showing every kind of result; the others are named by their result type. */
const ALL_TAB = 'all'

/** At most this many trending hashtags are offered while the box is empty. */
const SUGGESTED = 6

/** The URL of a search: no `q` while empty, no `tab` on 'Tudo'. */
function searchParamsOf(term: string, tab: string): URLSearchParams {
  const next = new URLSearchParams()
  if (term !== '') next.set('q', term)
  if (term !== '' && tab !== ALL_TAB) next.set('tab', tab)
  return next
}

/**
 * /search?q=…&tab=…: the URL holds the search, so a hashtag's link, a
 * bookmark or Back opens it again. The box searches after a 300 ms pause
 * in typing, and the URL follows the search in place (Back leaves the
 * screen rather than replaying each word). The screen's own state is the
 * box; the URL is written from it, and read back only when something else
 * changed it (a link followed while the screen is open). Empty, it offers
 * 'Discover' shortcuts: the week's trending hashtags, or the two fixed
 * words when there are none.
 */
export function SearchScreen() {
  const inputId = useId()
  const [params, setParams] = useSearchParams()
  const linked = (params.get('q') ?? '').trim()
  const tab = params.get('tab') ?? ALL_TAB
  const [text, setText] = useState(linked)
  const term = useDebouncedValue(text.trim(), SEARCH_DELAY_MS)
  const typing = text.trim() !== term
  const query = useSearch(term)
  // What the screen last wrote into the URL: a `q` that differs came from elsewhere.
  const written = useRef(linked)

  useEffect(() => {
    if (linked !== written.current) {
      written.current = linked
      setText(linked)
    }
  }, [linked])

  useEffect(() => {
    if (term === written.current) return
    written.current = term
    setParams(searchParamsOf(term, tab), { replace: true })
    // The tab is written by its own handler; only a new term writes here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term])

  const pickTab = (next: string) => {
    written.current = term
    setParams(searchParamsOf(term, next), { replace: true })
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
        tab={tab}
        onTab={pickTab}
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
  tab: string
  onTab: (tab: string) => void
  onShortcut: (term: string) => void
}

function Results({ empty, loading, failed, items, tab, onTab, onShortcut }: ResultsProps) {
  const kinds = useResultKinds()
  if (empty) return <Discover onShortcut={onShortcut} />
  // A tab the URL names but nobody offers (a plugin turned off, a typo) shows everything.
  const current = tab === ALL_TAB || kinds.has(tab) ? tab : ALL_TAB
  const shown = current === ALL_TAB ? items : items.filter((result) => result.type === current)
  return (
    <div className="grid gap-4">
      <KindTabs kinds={[...kinds.values()]} current={current} onTab={onTab}>
        <ResultList loading={loading} failed={failed} items={shown} kinds={kinds} />
      </KindTabs>
    </div>
  )
}

/** 'Discover': the week's trending hashtags as shortcuts, or the two fixed words when nobody used one. */
function Discover({ onShortcut }: { onShortcut: (term: string) => void }) {
  const suggestions = useSearchSuggestions()
  const hashtags = (suggestions.data?.hashtags ?? []).slice(0, SUGGESTED).map((h) => `#${h.tag}`)
  const shortcuts: readonly string[] = hashtags.length > 0 ? hashtags : m.shortcuts
  return (
    <section aria-labelledby="search-discover" className="grid justify-items-center gap-3 py-12 text-center">
      <Sparkles aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 id="search-discover" className="text-lg font-semibold">
        {m.discover}
      </h2>
      <p className="text-sm text-muted-foreground">{m.discoverHint}</p>
      {suggestions.isPending ? (
        <Placeholders label={m.suggestionsLoading} count={3} className="flex flex-wrap justify-center gap-2">
          <Skeleton className="h-8 w-20 rounded-md" />
        </Placeholders>
      ) : (
        <div className="flex max-w-full flex-wrap justify-center gap-2">
          {shortcuts.map((shortcut) => (
            <Button
              key={shortcut}
              variant="outline"
              size="sm"
              className="max-w-full truncate"
              onClick={() => {
                onShortcut(shortcut)
              }}
            >
              {shortcut}
            </Button>
          ))}
        </div>
      )}
    </section>
  )
}

interface KindTabsProps {
  kinds: PluginSearchKind[]
  current: string
  onTab: (tab: string) => void
  /** The shown tab's results: its panel, the element its tab controls. */
  children: ReactNode
}

/** 'Tudo', then one tab per kind of result (their badges' names), above the shown tab's panel. */
function KindTabs({ kinds, current, onTab, children }: KindTabsProps) {
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
      <TabsContent value={current} className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50">
        {children}
      </TabsContent>
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
