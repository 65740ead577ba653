import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderWithProviders } from '@/testing/render-app'

import { MemberTopBar } from './member-top-bar'

describe('MemberTopBar', () => {
  it('is a banner holding Mensagens, Notificações and Configurações, the screens the bottom bar leaves out', async () => {
    renderWithProviders(<MemberTopBar unreadCount={0} />)
    const nav = await screen.findByRole('navigation', { name: 'Menu superior' })
    expect(screen.getByRole('banner')).toContainElement(nav)
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Mensagens', '/messages'],
      ['Notificações', '/notifications'],
      ['Configurações', '/settings'],
    ])
  })

  it("shows the unread notifications and messages, '99+' above 99, and reads them after the name", async () => {
    renderWithProviders(<MemberTopBar unreadCount={124} pluginCounts={new Map([['messages', 2]])} />)
    const nav = await screen.findByRole('navigation', { name: 'Menu superior' })
    const notifications = within(nav).getByRole('link', { name: /^Notificações/ })
    expect(within(notifications).getByText('99+')).toBeInTheDocument()
    expect(notifications).toHaveAccessibleName(/^Notificações ?124 notificações não lidas$/)
    const messages = within(nav).getByRole('link', { name: /^Mensagens/ })
    expect(within(messages).getByText('2')).toBeInTheDocument()
    expect(messages).toHaveAccessibleName(/^Mensagens ?2 mensagens não lidas$/)
  })

  it('marks the current screen and hides a counter at 0', async () => {
    renderWithProviders(<MemberTopBar unreadCount={0} />, { path: '/notifications' })
    const nav = await screen.findByRole('navigation', { name: 'Menu superior' })
    const current = within(nav).getByRole('link', { current: 'page' })
    expect(current).toHaveAccessibleName('Notificações')
    expect(current.querySelector('[data-slot="count-badge"]')).toBeNull()
  })

  it('drops Mensagens when the server has the messages plugin off', async () => {
    renderWithProviders(<MemberTopBar unreadCount={0} />, { meta: { disabled_plugins: ['messages'] } })
    const nav = await screen.findByRole('navigation', { name: 'Menu superior' })
    await waitFor(() => {
      expect(within(nav).queryByRole('link', { name: 'Mensagens' })).not.toBeInTheDocument()
    })
    expect(within(nav).getByRole('link', { name: 'Notificações' })).toBeInTheDocument()
  })
})
