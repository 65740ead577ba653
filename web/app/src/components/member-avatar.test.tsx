import { fireEvent, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { avatarSources } from './avatar-sources'
import { MemberAvatar } from './member-avatar'

const original = 'https://m.example/avatars/u/avatar-1-sq48_96_144.jpg'
const copies = [144, 48, 96].map((w) => ({ url: `https://m.example/avatars/u/avatar-1-sq48_96_144-w${String(w)}.webp`, width: w, height: w }))
const copy = (w: number) => `https://m.example/avatars/u/avatar-1-sq48_96_144-w${String(w)}.webp`

function image(container: HTMLElement): HTMLImageElement {
  const img = container.querySelector('img')
  if (!img) throw new Error('no image')
  return img
}

describe('avatarSources', () => {
  it('picks, per density, the smallest copy that fills the slot, and the original beyond the largest copy', () => {
    expect(avatarSources(original, copies, 40)).toEqual({
      src: copy(48),
      srcSet: `${copy(48)} 1x, ${copy(96)} 2x, ${copy(144)} 3x`,
    })
    // 32 px at three densities is 96: the 96 copy serves two and three.
    expect(avatarSources(original, copies, 32)).toEqual({ src: copy(48), srcSet: `${copy(48)} 1x, ${copy(96)} 2x` })
    // A profile's header (112 px) needs more than 144 from two densities: the original.
    expect(avatarSources(original, copies, 112)).toEqual({ src: copy(144), srcSet: `${copy(144)} 1x, ${original} 2x` })
  })

  it('answers the original alone for a picture without copies', () => {
    expect(avatarSources(original, [], 40)).toEqual({ src: original, srcSet: '' })
    expect(avatarSources(original, null, 40)).toEqual({ src: original, srcSet: '' })
    // Only a small copy (a small original): it for one density, the original above.
    expect(avatarSources(original, copies.filter((c) => c.width === 48), 40)).toEqual({ src: copy(48), srcSet: `${copy(48)} 1x, ${original} 2x` })
  })
})

describe('MemberAvatar', () => {
  it('draws the copy that fits its size, with its box and lazily', () => {
    const { container } = render(<MemberAvatar src={original} variants={copies} name="Ana" size={40} />)
    const img = image(container)
    expect(img).toHaveAttribute('src', copy(48))
    expect(img).toHaveAttribute('srcset', `${copy(48)} 1x, ${copy(96)} 2x, ${copy(144)} 3x`)
    expect(img).toHaveAttribute('width', '40')
    expect(img).toHaveAttribute('height', '40')
    expect(img).toHaveAttribute('loading', 'lazy')
  })

  it('loads at once when asked, at its own size', () => {
    const { container } = render(<MemberAvatar src={original} variants={copies} name="Ana" size={112} eager />)
    const img = image(container)
    expect(img).toHaveAttribute('loading', 'eager')
    expect(img).toHaveAttribute('width', '112')
    expect(img).toHaveAttribute('src', copy(144))
  })

  it('shows an old picture (no copies) as its original', () => {
    const { container } = render(<MemberAvatar src={original} variants={[]} name="Ana" />)
    const img = image(container)
    expect(img).toHaveAttribute('src', original)
    expect(img).not.toHaveAttribute('srcset')
  })

  it('falls back to the original when a copy fails, then to the initial', () => {
    const { container, getByText } = render(<MemberAvatar src={original} variants={copies} name="ana" />)
    fireEvent.error(image(container))
    const img = image(container)
    expect(img).toHaveAttribute('src', original)
    expect(img).not.toHaveAttribute('srcset')
    fireEvent.error(img)
    expect(container.querySelector('img')).toBeNull()
    expect(getByText('A')).toBeInTheDocument()
  })
})
