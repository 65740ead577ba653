import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { WindowedList } from './windowed-list'

/** The browser's IntersectionObserver, driven by the test: `report` says which boxes are near the screen. */
class TestObserver {
  static all: TestObserver[] = []
  readonly targets = new Set<Element>()
  private readonly callback: IntersectionObserverCallback
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback
    TestObserver.all.push(this)
  }
  observe(element: Element) {
    this.targets.add(element)
  }
  unobserve(element: Element) {
    this.targets.delete(element)
  }
  disconnect() {
    this.targets.clear()
  }
  static report(element: Element, isIntersecting: boolean) {
    for (const observer of TestObserver.all) {
      if (!observer.targets.has(element)) continue
      observer.callback([{ target: element, isIntersecting } as IntersectionObserverEntry], observer as unknown as IntersectionObserver)
    }
  }
}

const items = Array.from({ length: 6 }, (_, i) => ({ id: `p${i}`, text: `Post ${i}` }))

function list() {
  return (
    <WindowedList
      items={items}
      itemKey={(item) => item.id}
      estimatedHeight={256}
      initialCount={2}
      renderItem={(item) => (
        <article aria-label={item.text}>
          <button type="button">{`Curtir ${item.text}`}</button>
        </article>
      )}
    />
  )
}

const boxOf = (label: string) => screen.getByRole('article', { name: label }).parentElement as HTMLElement

describe('WindowedList', () => {
  beforeEach(() => {
    TestObserver.all = []
    vi.stubGlobal('IntersectionObserver', TestObserver)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('draws the first items at once and the others as they come near, keeping their place meanwhile', async () => {
    const { container } = render(list())
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Post 0', 'Post 1'])
    const waiting = Array.from(container.querySelectorAll<HTMLElement>('[data-windowed="waiting"]'))
    expect(waiting).toHaveLength(4)
    const [next] = waiting
    if (!next) throw new Error('no waiting item')
    expect(next).toHaveStyle({ height: '256px' })

    act(() => {
      TestObserver.report(next, true)
    })
    expect(await screen.findByRole('article', { name: 'Post 2' })).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Post 3' })).not.toBeInTheDocument()
  })

  it('lets an item far from the screen go, at the height it was drawn', async () => {
    render(list())
    const box = boxOf('Post 0')
    vi.spyOn(box, 'getBoundingClientRect').mockReturnValue({ height: 412 } as DOMRect)
    act(() => {
      TestObserver.report(box, false)
    })
    expect(screen.queryByRole('article', { name: 'Post 0' })).not.toBeInTheDocument()
    expect(box).toHaveAttribute('data-windowed', 'waiting')
    expect(box).toHaveStyle({ height: '412px' })

    act(() => {
      TestObserver.report(box, true)
    })
    expect(await screen.findByRole('article', { name: 'Post 0' })).toBeInTheDocument()
  })

  it('keeps the item that holds the keyboard focus', () => {
    render(list())
    screen.getByRole('button', { name: 'Curtir Post 1' }).focus()
    const box = boxOf('Post 1')
    act(() => {
      TestObserver.report(box, false)
    })
    expect(screen.getByRole('button', { name: 'Curtir Post 1' })).toHaveFocus()
  })

  it('draws every item where the browser cannot tell what is on screen', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(list())
    expect(screen.getAllByRole('article')).toHaveLength(6)
  })
})
