import { profileMessages as m } from './messages'
import type { ProfileImageKind } from './types'

/** The two crop dialogs. */
export const cropSettings = {
  avatar: { title: m.cropAvatarTitle, aspect: 1, cropShape: 'round' },
  banner: { title: m.cropBannerTitle, aspect: 3, cropShape: 'rect' },
} as const satisfies Record<ProfileImageKind, { title: string; aspect: number; cropShape: 'round' | 'rect' }>

export const ZOOM_MIN = 0.5
export const ZOOM_MAX = 3
export const ZOOM_STEP = 0.1
