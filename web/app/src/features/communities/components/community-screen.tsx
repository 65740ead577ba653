import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'

import { Page } from '@/components/layout/page'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'

import { communitiesMessages as m } from '../messages'

/** /communities/:id — header, membership and posts come with the communities issue. */
export function CommunityScreen() {
  return (
    <Page
      title={m.detailTitle}
      actions={
        <Button asChild variant="outline">
          <Link to={paths.communities}>
            <ArrowLeft aria-hidden="true" />
            {m.backToCommunities}
          </Link>
        </Button>
      }
    />
  )
}
