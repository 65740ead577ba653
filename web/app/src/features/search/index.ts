export { SearchScreen } from './components/search-screen'
