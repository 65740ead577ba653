import { describe, expect, it } from 'vitest'

import { messageMoment, messageTime } from './time'

// Local times: the day is the member's own.
const now = new Date(2026, 10, 20, 15, 30)
const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString()

describe('messageTime', () => {
  it('says how long ago a message of the same day was sent', () => {
    expect(messageTime(at(2026, 10, 20, 15, 25), now)).toBe('há 5 minutos')
    expect(messageTime(at(2026, 10, 20, 12, 30), now)).toBe('há cerca de 3 horas')
    expect(messageTime(at(2026, 10, 20, 0, 1), now)).toBe('há cerca de 15 horas')
  })

  it('never says a time to come when the clocks disagree', () => {
    expect(messageTime(at(2026, 10, 20, 15, 31), now)).toBe('há menos de um minuto')
  })

  it("gives the date of an older message, with the year when it is another's", () => {
    expect(messageTime(at(2026, 10, 19, 23, 59), now)).toBe('19/11')
    expect(messageTime(at(2025, 11, 31, 10, 0), now)).toBe('31/12/2025')
  })

  it('answers nothing for a time it cannot read', () => {
    expect(messageTime('not a time', now)).toBe('')
    expect(messageMoment('not a time')).toBe('')
  })
})
