import { Page } from '@/components/layout/page'

import { roomsMessages as m } from '../messages'

/** /listening-rooms — the room grid comes with the rooms issue. */
export function RoomsScreen() {
  return <Page title={m.title} />
}
