export { NotFoundScreen } from './components/not-found-screen'
