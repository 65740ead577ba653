import ArticleIcon from '@mui/icons-material/Article';

import { lazyScreen } from '../../screens/lazy-screen';

// Each screen's code loads the first time it is shown.
export default {
  list: lazyScreen(() => import('./post-list').then((m) => m.PostList)),
  show: lazyScreen(() => import('./post-show').then((m) => m.PostShow)),
  icon: ArticleIcon,
  recordRepresentation: 'text_content',
};
