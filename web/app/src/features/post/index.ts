export { PostScreen } from './components/post-screen'
