import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderApp } from '@/testing/render-app'

describe('a change of screen', () => {
  it("moves focus to the new screen's heading and names it in the title, but not on the first screen nor for a query", async () => {
    const { router, user } = renderApp('/', { session: 'signed-in' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Últimos posts' }, { timeout: 5000 })).toBeInTheDocument()
    // The first screen keeps the browser's own start.
    await waitFor(() => {
      expect(document.title).toBe('Início · social')
    })
    expect(document.activeElement).toBe(document.body)

    const menu = screen.getByRole('navigation', { name: 'Menu principal' })
    await user.click(within(menu).getByRole('link', { name: 'Explorar' }))
    const heading = await screen.findByRole('heading', { level: 1, name: 'Explorar' }, { timeout: 5000 })
    await waitFor(() => {
      expect(heading).toHaveFocus()
    })
    expect(document.title).toBe('Buscar · social')

    // A query within the same screen (a search, its tab) leaves focus where the member put it.
    const box = screen.getByRole('searchbox', { name: 'Buscar' })
    box.focus()
    await act(async () => {
      await router.navigate('/search?q=bia')
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(box).toHaveFocus()
    expect(document.title).toBe('Buscar · social')

    // A screen named by what it shows: its heading, drawn once its data came, names it and takes focus.
    await act(async () => {
      await router.navigate('/profile/bia')
    })
    const name = await screen.findByRole('heading', { level: 1, name: 'Bia Lima' }, { timeout: 5000 })
    await waitFor(() => {
      expect(name).toHaveFocus()
    })
    expect(document.title).toBe('Bia Lima · social')
  })
})
