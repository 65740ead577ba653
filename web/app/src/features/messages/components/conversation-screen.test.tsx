import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { testUser } from '@/testing/fixtures'
import { FakeRealtime } from '@/testing/fake-realtime'
import { renderApp } from '@/testing/render-app'
import { json, problem, type TestResponder } from '@/testing/test-fetch'
import { expectToast } from '@/testing/toasts'

import { conversation, conversationId, message } from '../testing'
import type { Conversation, DirectMessage } from '../types'

const route = (request: Request) => `${request.method} ${new URL(request.url).pathname}`
const base = `/api/v1/messages/conversations/${conversationId}`
const topic = `messages:${testUser.id}`

/** A server for one conversation: its answer, its messages (newest first) and `rest`. */
function server(detail: Conversation, newestFirst: DirectMessage[], rest?: TestResponder): TestResponder {
  return (request) => {
    switch (route(request)) {
      case `GET ${base}`:
        return json(200, detail)
      case `GET ${base}/messages`:
        return json(200, { items: newestFirst })
      case `POST ${base}/read`:
        return json(200, { last_read: { last_read_at: '2026-11-23T10:09:00Z', last_read_id: 'x' }, unread_count: 0 })
      default:
        return rest?.(request)
    }
  }
}

async function renderConversation(respond: TestResponder, realtime = new FakeRealtime()) {
  const view = renderApp(`/messages/${conversationId}`, { session: 'signed-in', respond, realtime })
  await screen.findByRole('navigation', { name: 'Menu principal' }, { timeout: 5000 })
  return view
}

const reads = (requests: Request[]) => requests.filter((r) => route(r) === `POST ${base}/read`).length

describe('ConversationScreen', () => {
  it('shows the messages oldest first, marks them read and says which of mine were seen', async () => {
    const first = message(1, 'ana', 'Oi, Bia!')
    const second = message(2, 'ana', 'Vamos ao show?')
    const third = message(3, 'bia', 'Bora!')
    const detail = conversation({
      last_message: third,
      unread_count: 1,
      peer_read: { last_read_at: first.created_at, last_read_id: first.id },
    })
    const { requests } = await renderConversation(server(detail, [third, second, first]))
    const list = await screen.findByRole('list', { name: 'Mensagens com Bia Lima' })
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        expect.stringContaining('Oi, Bia!'),
        expect.stringContaining('Vamos ao show?'),
        expect.stringContaining('Bora!'),
      ])
    })
    // Bia has read up to the first message only.
    const items = within(list).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Visto')
    expect(items[1]).not.toHaveTextContent('Visto')
    await waitFor(() => {
      expect(reads(requests)).toBe(1)
    })
    expect(screen.getByRole('link', { name: /Bia Lima/ })).toHaveAttribute('href', '/profile/bia')
  })

  it('sends with Enter, keeps the box disabled while blank and shows the server refusal', async () => {
    const sent: unknown[] = []
    let refuse = false
    const { user } = await renderConversation(
      server(conversation(), [], (request) => {
        if (route(request) !== `POST ${base}/messages`) return undefined
        return request.json().then((body: { text: string }) => {
          sent.push(body)
          if (refuse) {
            return problem(403, {
              code: 'messages_restricted',
              detail: 'Esta pessoa só recebe mensagens de quem ela segue.',
            })
          }
          return json(201, { ...message(5, 'ana', body.text) })
        })
      }),
    )
    expect(await screen.findByText('Comece a conversa com Bia Lima.')).toBeInTheDocument()
    const box = screen.getByRole('textbox', { name: 'Mensagem' })
    expect(box).toHaveAttribute('placeholder', 'Digite sua mensagem...')
    const sendButton = screen.getByRole('button', { name: 'Enviar' })
    expect(sendButton).toBeDisabled()
    await user.type(box, '   ')
    expect(sendButton).toBeDisabled()
    await user.clear(box)
    await user.type(box, 'Olá, tudo bem?{Enter}')
    expect(await screen.findByText('Olá, tudo bem?', { selector: 'p' })).toBeInTheDocument()
    expect(sent).toEqual([{ text: 'Olá, tudo bem?' }])
    expect(box).toHaveValue('')

    refuse = true
    await user.type(box, 'Mais uma')
    await user.click(sendButton)
    await expectToast('Erro ao enviar mensagem', 'Esta pessoa só recebe mensagens de quem ela segue.')
    expect(box).toHaveValue('Mais uma')
  })

  it('shows a message that arrives live and reads it', async () => {
    const realtime = new FakeRealtime()
    const first = message(1, 'ana', 'Oi, Bia!')
    const { requests } = await renderConversation(server(conversation({ last_message: first }), [first]), realtime)
    expect(await screen.findByText('Oi, Bia!', { selector: 'p' })).toBeInTheDocument()
    realtime.open()
    await waitFor(() => {
      expect(realtime.subscribedTopics()).toContain(topic)
    })
    expect(reads(requests)).toBe(0)
    realtime.emit(topic, 'message.created', {
      conversation_id: conversationId,
      message: message(2, 'bia', 'Chegou agora'),
      conversation_unread: 1,
      unread_count: 1,
    })
    expect(await screen.findByText('Chegou agora', { selector: 'p' })).toBeInTheDocument()
    await waitFor(() => {
      expect(reads(requests)).toBe(1)
    })
    // Bia reads: Ana's message says so.
    realtime.emit(topic, 'conversation.read', {
      conversation_id: conversationId,
      reader_id: 'bia-id',
      last_read_at: first.created_at,
      last_read_id: first.id,
      unread_count: 0,
    })
    await waitFor(() => {
      expect(screen.getByText('Oi, Bia!', { selector: 'p' }).closest('li')).toHaveTextContent('Visto')
    })
  })

  it('answers someone else’s conversation like a missing one', async () => {
    await renderConversation((request) =>
      route(request) === `GET ${base}`
        ? problem(404, { code: 'conversation_not_found', detail: 'Conversa não encontrada.' })
        : undefined,
    )
    expect(await screen.findByText('Conversa não encontrada')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar para Mensagens' })).toHaveAttribute('href', '/messages')
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).not.toBeInTheDocument()
  })

  it('says why a member who takes messages only from people they follow cannot be written to', async () => {
    await renderConversation(server(conversation({ can_send: false }), []))
    expect(await screen.findByText('Esta pessoa só recebe mensagens de quem ela segue.')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).not.toBeInTheDocument()
  })
})
