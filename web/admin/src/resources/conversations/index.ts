import ForumIcon from '@mui/icons-material/Forum';

import { lazyScreen } from '../../screens/lazy-screen';

// Each screen's code loads the first time it is shown.
export default {
  list: lazyScreen(() => import('./conversation-list').then((m) => m.ConversationList)),
  show: lazyScreen(() => import('./conversation-show').then((m) => m.ConversationShow)),
  icon: ForumIcon,
};
