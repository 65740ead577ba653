import TagIcon from '@mui/icons-material/Tag';

import { HashtagList } from './hashtag-list';

export default { list: HashtagList, icon: TagIcon, recordRepresentation: 'tag' };
