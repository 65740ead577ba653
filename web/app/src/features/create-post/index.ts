export { CreatePostScreen } from './components/create-post-screen'
