import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { otherProfile, testPost } from '@/testing/fixtures'
import { renderApp } from '@/testing/render-app'
import { json, type TestResponder } from '@/testing/test-fetch'

import type { FeedPost } from '../types'

import { FEED_MEDIA_SIZES } from './post-media-sizes'

function feedOf(posts: FeedPost[]): TestResponder {
  return (request) => {
    const { pathname } = new URL(request.url)
    if (request.method === 'GET' && pathname === '/api/v1/feed') return json(200, { items: posts })
    if (request.method === 'GET' && pathname === '/api/v1/translation/capabilities') {
      return json(200, { available: false, provider: 'none' })
    }
    if (request.method === 'GET' && pathname.startsWith('/api/v1/posts/')) return json(200, posts[1])
    return undefined
  }
}

function photo(id: string, name: string): FeedPost {
  return testPost(id, {
    type: 'image',
    author: { id: otherProfile.id, handle: otherProfile.handle, display_name: name, avatar_url: `https://cdn.social.test/avatars/${id}.jpg`, avatar_variants: [] },
    media_url: `https://cdn.social.test/posts/${id}.jpg?sig=o`,
    media_width: 1080,
    media_height: 720,
    media_variants: [
      { url: `https://cdn.social.test/posts/${id}-w320.webp?sig=a`, width: 320, height: 213 },
      { url: `https://cdn.social.test/posts/${id}-w640.webp?sig=b`, width: 640, height: 427 },
    ],
  })
}

const first = photo('0192f000-0000-7000-8000-0000000000f1', 'Primeira Foto')
const second = photo('0192f000-0000-7000-8000-0000000000f2', 'Segunda Foto')
const older = testPost('0192f000-0000-7000-8000-0000000000f3', {
  type: 'image',
  author: { id: otherProfile.id, handle: otherProfile.handle, display_name: 'Foto Antiga', avatar_url: null, avatar_variants: [] },
  media_url: 'https://cdn.social.test/posts/f3.jpg?sig=o',
})
const tiny = testPost('0192f000-0000-7000-8000-0000000000f4', {
  type: 'image',
  author: { id: otherProfile.id, handle: otherProfile.handle, display_name: 'Foto Pequena', avatar_url: null, avatar_variants: [] },
  media_url: 'https://cdn.social.test/posts/f4.png?sig=o',
  media_width: 240,
  media_height: 160,
})
const text = testPost('0192f000-0000-7000-8000-0000000000f0')

async function imageOf(name: string): Promise<HTMLElement> {
  const card = await screen.findByRole('article', { name }, { timeout: 5000 })
  return within(card).getByRole('img', { name: `Imagem publicada por ${name}` })
}

describe('Post images', { timeout: 15_000 }, () => {
  it('offer their copies with the slot widths and their size, the first one loaded at once, the rest lazily', async () => {
    renderApp('/', { session: 'signed-in', respond: feedOf([text, first, second, older, tiny]) })

    const lcp = await imageOf('Primeira Foto')
    expect(lcp).toHaveAttribute(
      'srcset',
      `${first.media_variants?.[0]?.url ?? ''} 320w, ${first.media_variants?.[1]?.url ?? ''} 640w, ${first.media_url ?? ''} 1080w`,
    )
    expect(lcp).toHaveAttribute('sizes', FEED_MEDIA_SIZES)
    expect(lcp).toHaveAttribute('src', first.media_url)
    expect(lcp).toHaveAttribute('width', '1080')
    expect(lcp).toHaveAttribute('height', '720')
    expect(lcp.style.aspectRatio).toBe('1080 / 720')
    expect(lcp).toHaveAttribute('loading', 'eager')
    expect(lcp).toHaveAttribute('fetchpriority', 'high')
    expect(lcp).toHaveAttribute('decoding', 'async')

    const next = await imageOf('Segunda Foto')
    expect(next).toHaveAttribute('loading', 'lazy')
    expect(next).not.toHaveAttribute('fetchpriority')
    expect(next).toHaveAttribute('decoding', 'async')
    expect(next.getAttribute('srcset')).toContain('-w640.webp?sig=b 640w')
    expect(next).toHaveAttribute('sizes', FEED_MEDIA_SIZES)

    // Stored before copies and sizes: the original alone, still lazy.
    const old = await imageOf('Foto Antiga')
    expect(old).toHaveAttribute('src', older.media_url)
    expect(old).not.toHaveAttribute('srcset')
    expect(old).not.toHaveAttribute('sizes')
    expect(old).not.toHaveAttribute('width')
    expect(old).toHaveAttribute('loading', 'lazy')

    // Too small for copies: its size and nothing to choose from.
    const small = await imageOf('Foto Pequena')
    expect(small).not.toHaveAttribute('srcset')
    expect(small).toHaveAttribute('width', '240')
    expect(small).toHaveAttribute('height', '160')

    // The loading state is kept while the picture comes.
    const card = await screen.findByRole('article', { name: 'Segunda Foto' })
    expect(within(card).getByRole('status')).toHaveTextContent('Carregando mídia...')
  })

  it("lazy-load the authors' pictures, sized, over their initials", async () => {
    renderApp('/', { session: 'signed-in', respond: feedOf([first]) })
    const card = await screen.findByRole('article', { name: 'Primeira Foto' }, { timeout: 5000 })
    const avatar = card.querySelector(`img[src="${first.author.avatar_url ?? ''}"]`)
    expect(avatar).not.toBeNull()
    expect(avatar).toHaveAttribute('loading', 'lazy')
    expect(avatar).toHaveAttribute('decoding', 'async')
    expect(avatar).toHaveAttribute('width', '40')
    expect(avatar).toHaveAttribute('alt', '')
    expect(within(card).getByText('P')).toBeInTheDocument()
  })

  it('load the image of a post page at once', async () => {
    renderApp(`/post/${first.id}`, { session: 'signed-in', respond: feedOf([text, first]) })
    const image = await imageOf('Primeira Foto')
    expect(image).toHaveAttribute('loading', 'eager')
    expect(image).toHaveAttribute('fetchpriority', 'high')
    expect(image.getAttribute('sizes')).not.toContain('390px')
  })
})
