import AutoStoriesIcon from '@mui/icons-material/AutoStories';

import { lazyScreen } from '../../screens/lazy-screen';

// Each screen's code loads the first time it is shown.
export default {
  list: lazyScreen(() => import('./story-list').then((m) => m.StoryList)),
  show: lazyScreen(() => import('./story-show').then((m) => m.StoryShow)),
  icon: AutoStoriesIcon,
  recordRepresentation: 'author_handle',
};
