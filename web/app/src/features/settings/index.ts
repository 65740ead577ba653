export { SettingsScreen } from './components/settings-screen'
export { PushOffer } from './push/push-offer'
