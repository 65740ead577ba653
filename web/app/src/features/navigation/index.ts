export { MemberBottomBar } from './components/member-bottom-bar'
export { MemberLayout } from './components/member-layout'
export { MemberSideBar } from './components/member-side-bar'
export { bottomBarEntries, bottomBarEntriesFor, sideBarEntries, sideBarEntriesFor, type NavEntry } from './nav-entries'
