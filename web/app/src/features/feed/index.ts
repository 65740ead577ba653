export { FeedScreen } from './components/feed-screen'
export { DemoDataBlock } from './components/demo-data-block'
