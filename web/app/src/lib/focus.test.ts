import { afterEach, describe, expect, it } from 'vitest'

import { focusFirst, focusOrigin, mainContentId, neighbourOf, refocusField } from './focus'

// Files share their worker's page: each test draws in a box of its own, removed after it.
let box: HTMLElement | null = null

afterEach(() => {
  box?.remove()
  box = null
})

function html(markup: string) {
  box = document.createElement('div')
  box.innerHTML = markup
  document.body.append(box)
}

describe('focus helpers', () => {
  it('neighbourOf picks the next item, else the previous, else none', () => {
    html('<div data-item id="a"></div><div data-item id="b"></div><div data-item id="c"></div>')
    const byId = (id: string) => document.getElementById(id) as HTMLElement
    const [a, b, c] = [byId('a'), byId('b'), byId('c')]
    expect(neighbourOf(a, '[data-item]')).toBe(b)
    expect(neighbourOf(c, '[data-item]')).toBe(b)
    b.remove()
    c.remove()
    expect(neighbourOf(a, '[data-item]')).toBeNull()
  })

  it('focusFirst makes a card focusable by script, and falls back to <main> when the targets are gone', () => {
    html(`<main id="${mainContentId}" tabindex="-1"><div id="card"></div></main>`)
    const card = document.getElementById('card') as HTMLElement
    focusFirst(card)
    expect(card).toHaveFocus()
    expect(card.tabIndex).toBe(-1)
    card.remove()
    focusFirst(card)
    expect(document.getElementById(mainContentId)).toHaveFocus()
  })

  it("focusOrigin answers a menu item's menu button: the item is gone once the menu closes", () => {
    html('<button id="menu-trigger">Mais opções</button><div role="menu" aria-labelledby="menu-trigger"><div role="menuitem" tabindex="-1" id="item">Excluir</div></div>')
    const item = document.getElementById('item') as HTMLElement
    item.focus()
    expect(focusOrigin()).toBe(document.getElementById('menu-trigger'))
  })

  it('refocusField takes focus back from the form, but not from where the member moved on', () => {
    html('<form><textarea id="field"></textarea><button id="send">Enviar</button></form><a href="#x" id="elsewhere">x</a>')
    const field = document.getElementById('field') as HTMLElement
    document.getElementById('send')?.focus()
    refocusField(field)
    expect(field).toHaveFocus()
    document.getElementById('elsewhere')?.focus()
    refocusField(field)
    expect(document.getElementById('elsewhere')).toHaveFocus()
  })
})
