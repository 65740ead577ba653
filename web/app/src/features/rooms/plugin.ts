import { Music } from 'lucide-react'

import type { PluginDescriptor } from '@/features/plugins'

import { roomsMessages as m } from './messages'
import { roomsPaths } from './paths'

export { roomsPaths }

/** The listening-rooms plugin's front end (listed in `features/plugins/registry.ts`). */
export const roomsPlugin: PluginDescriptor<'rooms'> = {
  name: 'rooms',
  paths: roomsPaths,
  routes: [
    { path: roomsPaths.listeningRooms, title: m.navLabel, load: async () => (await import('./components/rooms-screen')).RoomsScreen },
    { path: '/listening-room/:roomId', load: async () => (await import('./components/room-screen')).RoomScreen },
  ],
  nav: {
    sideBar: { to: roomsPaths.listeningRooms, label: m.navLabel, icon: Music },
    bottomBar: { to: roomsPaths.listeningRooms, label: m.navLabelShort, icon: Music },
  },
}
