/** What a post's image or video may be. */
export type MediaKind = 'image' | 'video'

const MB = 1024 * 1024

export const mediaRules = {
  image: { types: ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'], maxBytes: 10 * MB },
  video: { types: ['video/mp4', 'video/webm', 'video/ogg'], maxBytes: 50 * MB },
} as const satisfies Record<MediaKind, { types: readonly string[]; maxBytes: number }>

/** The file pickers' accept attribute. */
export const mediaAccept: Record<MediaKind, string> = {
  image: 'image/jpeg,image/png,image/webp',
  video: 'video/mp4,video/webm,video/ogg',
}

export type MediaProblem = 'type' | 'size'

/**
 * The kind of an acceptable file, or why it is refused. With `expected`, only
 * that kind is acceptable (the create-post screen's type select).
 */
export function checkMedia(file: File, expected?: MediaKind): { kind: MediaKind } | { problem: MediaProblem; kind?: MediaKind } {
  const type = file.type.toLowerCase()
  const kind = (Object.keys(mediaRules) as MediaKind[]).find((candidate) =>
    (mediaRules[candidate].types as readonly string[]).includes(type),
  )
  if (!kind || (expected && kind !== expected)) return { problem: 'type' }
  if (file.size > mediaRules[kind].maxBytes) return { problem: 'size', kind }
  return { kind }
}

/** A size in MB with 2 decimals, pt-BR style: '2,35 MB'. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / MB).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} MB`
}

/** The first http(s) URL in a text (trailing punctuation left out), or null. */
export function firstHttpUrl(text: string): string | null {
  const match = /https?:\/\/[^\s<>"']+/i.exec(text)
  if (!match) return null
  const url = match[0].replace(/[.,;:!?)\]}]+$/, '')
  return /^https?:\/\/[^/?#]+/i.test(url) ? url : null
}
