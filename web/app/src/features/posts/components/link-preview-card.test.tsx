import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { LinkPreviewCard } from './link-preview-card'

// A page's <title>, description and site name are written by whoever owns
// the page the member linked: the card shows them as text, and only http(s)
// addresses become links or images.
const IMG = '<img src=x onerror=alert(1)>'
const SCRIPT = '<script>alert(2)</script>'

describe('LinkPreviewCard', () => {
  it('shows markup in a preview as text', () => {
    const { container } = render(
      <LinkPreviewCard
        preview={{
          url: 'https://exemplo.com.br/materia',
          title: `Manchete ${IMG}`,
          description: `Resumo ${SCRIPT}`,
          siteName: `<b>Jornal</b>`,
          imageUrl: 'https://exemplo.com.br/capa.jpg',
        }}
      />,
    )
    expect(screen.getByText(`Manchete ${IMG}`)).toBeInTheDocument()
    expect(screen.getByText(`Resumo ${SCRIPT}`)).toBeInTheDocument()
    expect(screen.getByText('<b>Jornal</b>')).toBeInTheDocument()
    expect(container.querySelectorAll('script, b, [onerror], img[src="x"]')).toHaveLength(0)
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://exemplo.com.br/materia')
    expect(screen.getByRole('link')).toHaveAttribute('rel', 'noopener noreferrer nofollow')
  })

  it('never links or loads an address that is not http(s)', () => {
    for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x']) {
      const { container, unmount } = render(<LinkPreviewCard preview={{ url, title: 'Oi' }} />)
      expect(container).toBeEmptyDOMElement()
      unmount()
    }
    const { container } = render(
      <LinkPreviewCard preview={{ url: 'https://exemplo.com.br/', title: 'Oi', imageUrl: 'javascript:alert(1)' }} />,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://exemplo.com.br/')
  })

  it("shows the server's copy by its own path, never a protocol-relative one", () => {
    const own = '/media/posts/a/1-preview.png?exp=1&sig=ab'
    const { container, unmount } = render(
      <LinkPreviewCard preview={{ url: 'https://exemplo.com.br/', title: 'Oi', imageUrl: own }} />,
    )
    expect(container.querySelector('img')).toHaveAttribute('src', own)
    unmount()
    for (const imageUrl of ['//rastreador.example/x.png', '/\\rastreador.example/x.png']) {
      const { container, unmount } = render(<LinkPreviewCard preview={{ url: 'https://exemplo.com.br/', title: 'Oi', imageUrl }} />)
      expect(container.querySelector('img')).toBeNull()
      unmount()
    }
  })
})
