export { FeedScreen } from './components/feed-screen'
