import { format } from 'date-fns/format'
import { ptBR } from 'date-fns/locale/pt-BR'

import { profileMessages as m } from './messages'

/**
 * 'Joined {month year}', taken literally:
 * 'Joined ' + format(created_at, 'MMMM yyyy', { locale: ptBR }), e.g. 'Joined novembro 2026'.
 */
export function joinedText(createdAt: string): string {
  return m.joined(format(new Date(createdAt), 'MMMM yyyy', { locale: ptBR }))
}
