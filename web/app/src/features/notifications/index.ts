export { NotificationsScreen } from './components/notifications-screen'
