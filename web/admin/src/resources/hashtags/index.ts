import TagIcon from '@mui/icons-material/Tag';

import { lazyScreen } from '../../screens/lazy-screen';

// Each screen's code loads the first time it is shown.
export default {
  list: lazyScreen(() => import('./hashtag-list').then((m) => m.HashtagList)),
  icon: TagIcon,
  recordRepresentation: 'tag',
};
