import GppMaybeIcon from '@mui/icons-material/GppMaybe';

import { lazyScreen } from '../../screens/lazy-screen';

// Each screen's code loads the first time it is shown.
export default {
  list: lazyScreen(() => import('./policy-list').then((m) => m.PolicyList)),
  create: lazyScreen(() => import('./policy-form').then((m) => m.PolicyCreate)),
  edit: lazyScreen(() => import('./policy-form').then((m) => m.PolicyEdit)),
  icon: GppMaybeIcon,
  recordRepresentation: 'domain',
};
