import { Page } from '@/components/layout/page'

import { communitiesMessages as m } from '../messages'

/** /communities/create — the form comes with the communities issue. */
export function CreateCommunityScreen() {
  return <Page title={m.createTitle} />
}
