export { ConsentScreen } from './components/consent-screen'
export { useConnectedApps, useRevokeApp, type ConnectedApp } from './api/connected-apps'
export { oauthMessages, scopeText } from './messages'
