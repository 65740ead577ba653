import { Page } from '@/components/layout/page'

import { searchMessages as m } from '../messages'

/** /search — the search box and results come with the search issue. */
export function SearchScreen() {
  return <Page title={m.title} />
}
