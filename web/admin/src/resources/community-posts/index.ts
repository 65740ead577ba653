import ForumIcon from '@mui/icons-material/Forum';

import { CommunityPostList } from './community-post-list';
import { CommunityPostShow } from './community-post-show';

export default { list: CommunityPostList, show: CommunityPostShow, icon: ForumIcon, recordRepresentation: 'text_content' };
