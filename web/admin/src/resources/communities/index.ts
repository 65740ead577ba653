import GroupsIcon from '@mui/icons-material/Groups';

import { CommunityList } from './community-list';
import { CommunityShow } from './community-show';

export default { list: CommunityList, show: CommunityShow, icon: GroupsIcon, recordRepresentation: 'name' };
