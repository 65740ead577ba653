export { StoriesScreen } from './components/stories-screen'
