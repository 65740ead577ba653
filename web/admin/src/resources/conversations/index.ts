import ForumIcon from '@mui/icons-material/Forum';

import { ConversationList } from './conversation-list';
import { ConversationShow } from './conversation-show';

export default { list: ConversationList, show: ConversationShow, icon: ForumIcon };
