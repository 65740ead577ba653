import { MessageCircle } from 'lucide-react'

import type { PluginDescriptor } from '@/features/plugins'

import { MessageButton } from './components/message-button'
import { MessagesSettingsRows } from './components/messages-settings-rows'
import { useMessagesUnreadCount } from './hooks/use-messages-live'
import { messagesMessages as m } from './messages'
import { messagesPaths } from './paths'

export { messagesPaths }

/** The direct-messages plugin's front end (listed in `features/plugins/registry.ts`). */
export const messagesPlugin: PluginDescriptor<'messages'> = {
  name: 'messages',
  paths: messagesPaths,
  routes: [
    { path: messagesPaths.messages, title: m.navLabel, load: async () => (await import('./components/messages-screen')).MessagesScreen },
    {
      path: '/messages/:conversationId',
      load: async () => (await import('./components/conversation-screen')).ConversationScreen,
    },
  ],
  // In the side bar only, with the unread conversations' messages.
  nav: {
    sideBar: { to: messagesPaths.messages, label: m.navLabel, icon: MessageCircle },
    badge: { useCount: useMessagesUnreadCount, label: m.unreadLabel },
  },
  profileActions: [MessageButton],
  settingsRows: [{ section: 'privacy', Rows: MessagesSettingsRows }],
}
