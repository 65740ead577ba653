export { RoomScreen } from './components/room-screen'
export { RoomsScreen } from './components/rooms-screen'
