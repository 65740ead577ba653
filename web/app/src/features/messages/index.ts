export { ConversationScreen } from './components/conversation-screen'
export { MessagesScreen } from './components/messages-screen'
export { useMessagesUnreadCount } from './hooks/use-messages-live'
export { messagesMessages } from './messages'
