import { Page } from '@/components/layout/page'

import { feedMessages as m } from '../messages'

/** / — the home feed; its content comes with the feed issue. */
export function FeedScreen() {
  return <Page title={m.title} />
}
