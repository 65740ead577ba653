/** A square copy of a picture, as the API lists them (avatar_variants). */
export interface AvatarCopy {
  url: string
  width: number
}

/** The screen densities an avatar's candidates cover: ordinary screens, and phones at two and three device pixels. */
const DENSITIES = [1, 2, 3] as const

/**
 * The picture's sources for a slot `size` CSS pixels square: for each density, the smallest copy at least that many
 * device pixels wide, else the original (copies exist only smaller than it). `src` is the one-density choice, the
 * fallback of a browser without srcset; `srcSet` is '' when every density picks the same file (a picture stored before
 * copies were made: the original alone).
 */
export function avatarSources(
  original: string,
  copies: readonly AvatarCopy[] | null | undefined,
  size: number,
): { src: string; srcSet: string } {
  const sorted = [...(copies ?? [])].sort((a, b) => a.width - b.width)
  const picks: string[] = DENSITIES.map((d) => sorted.find((c) => c.width >= size * d)?.url ?? original)
  const candidates: string[] = []
  picks.forEach((url, i) => {
    // A density that picks the same file as the one below adds nothing.
    if (i > 0 && url === picks[i - 1]) return
    candidates.push(`${url} ${String(DENSITIES[i])}x`)
  })
  return { src: picks[0] ?? original, srcSet: candidates.length > 1 ? candidates.join(', ') : '' }
}
