import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'

import { Page } from '@/components/layout/page'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'

import { roomsMessages as m } from '../messages'

/** /listening-room/:roomId — player, chat and participants come with the rooms issue. */
export function RoomScreen() {
  return (
    <Page
      title={m.roomTitle}
      actions={
        <Button asChild variant="outline">
          <Link to={paths.listeningRooms}>
            <ArrowLeft aria-hidden="true" />
            {m.backToRooms}
          </Link>
        </Button>
      }
    />
  )
}
