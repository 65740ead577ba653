import AutoStoriesIcon from '@mui/icons-material/AutoStories';

import { StoryList } from './story-list';
import { StoryShow } from './story-show';

export default { list: StoryList, show: StoryShow, icon: AutoStoriesIcon, recordRepresentation: 'author_handle' };
