import { Page } from '@/components/layout/page'

import { communitiesMessages as m } from '../messages'

/** /communities — the list comes with the communities issue. */
export function CommunitiesScreen() {
  return <Page title={m.title} />
}
