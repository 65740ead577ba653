export { NotificationsScreen } from './components/notifications-screen'
export { useUnreadCount } from './hooks/use-unread-count'
