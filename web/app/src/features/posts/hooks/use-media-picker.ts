import { useEffect, useRef, useState } from 'react'
import { toast } from '@/lib/toast'

import { checkMedia, type MediaKind } from '../media'
import { postsMessages as m } from '../messages'

export interface PickedMedia {
  file: File
  kind: MediaKind
  /** An object URL for the preview; revoked on remove, on a new pick and on unmount. */
  url: string
}

/**
 * The image or video picked for a new post (composer and create-post screen).
 * Courtesy checks only (the server decides): a refused file toasts the media
 * message the server would give and leaves the current pick as it was.
 */
export function useMediaPicker() {
  const [media, setMedia] = useState<PickedMedia | null>(null)
  const current = useRef<string | null>(null)

  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current)
      current.current = null
    },
    [],
  )

  const replace = (next: PickedMedia | null) => {
    if (current.current) URL.revokeObjectURL(current.current)
    current.current = next?.url ?? null
    setMedia(next)
  }

  /** Takes the file if it fits the rules (of `expected` only, when given); true when taken. */
  const pick = (file: File | undefined | null, expected?: MediaKind): boolean => {
    if (!file) return false
    const checked = checkMedia(file, expected)
    if ('problem' in checked) {
      if (checked.problem === 'size') {
        toast.error(m.fileTooLarge, { description: checked.kind === 'video' ? m.fileTooLargeVideo : m.fileTooLargeImage })
      } else {
        toast.error(m.invalidFileType, { description: m.invalidFileTypeDescription })
      }
      return false
    }
    replace({ file, kind: checked.kind, url: URL.createObjectURL(file) })
    return true
  }

  return {
    media,
    pick,
    remove: () => {
      replace(null)
    },
  }
}
