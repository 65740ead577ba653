/**
 * Where keyboard focus goes after an action removes, disables or replaces
 * the control that had it. Left alone, the browser drops focus to <body>: a
 * screen reader starts again from the top of the page and a keyboard user
 * must Tab through the navigation to find their place. Each helper here puts
 * focus somewhere that continues what the member was doing.
 */

/** The id of the signed-in screens' <main> (the skip link's target), the last resort. */
export const mainContentId = 'conteudo'

const controls = 'a[href], button, input, select, textarea, [tabindex]'

/**
 * Focuses `target`, first making it focusable by script (tabIndex -1) when
 * it is not a control, such as a card or a heading. False when there is
 * nothing attached to focus.
 */
export function focusElement(target: Element | null | undefined): boolean {
  if (!(target instanceof HTMLElement) || !target.isConnected) return false
  if (!target.matches(controls)) target.tabIndex = -1
  target.focus({ preventScroll: false })
  return document.activeElement === target
}

/** Focuses the first target that can take focus, else the screen's <main>. */
export function focusFirst(...targets: (Element | null | undefined)[]): void {
  for (const target of targets) if (focusElement(target)) return
  focusElement(document.getElementById(mainContentId))
}

/**
 * After a form is sent: focus back to its field (emptied for the next
 * message, or holding the text to correct), since the send button that had
 * it is disabled while sending or once the field is empty. Only when focus
 * is lost (on <body>) or still in that form: a member who moved on while it
 * was sent keeps their place.
 */
export function refocusField(field: HTMLElement | null | undefined): void {
  if (!field?.isConnected) return
  const active = document.activeElement
  const form = field.closest('form')
  if (!active || active === document.body || (form && form.contains(active))) field.focus()
}

/**
 * The control a dialog should hand focus back to when it closes: the
 * element focused when it opened, or, when that was an item of a menu (the
 * menu closes as the dialog opens, and its item is gone), the button that
 * opened the menu (a Radix menu is labelled by its trigger).
 */
export function focusOrigin(active: Element | null = document.activeElement): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null
  const menu = active.closest('[role="menu"]')
  if (!menu) return active
  const trigger = document.getElementById(menu.getAttribute('aria-labelledby') ?? '')
  return trigger instanceof HTMLElement ? trigger : null
}

/**
 * The item to focus once `item` leaves a list: the next one of the same
 * list (the member reads on), else the previous one; null when it was alone.
 * Items are the elements matching `selector` in document order.
 */
export function neighbourOf(item: Element, selector: string): HTMLElement | null {
  const all = Array.from(document.querySelectorAll<HTMLElement>(selector))
  const at = all.indexOf(item as HTMLElement)
  if (at < 0) return null
  return all[at + 1] ?? all[at - 1] ?? null
}

/**
 * Runs `move` once the browser has painted what React just committed: focus
 * must land on an element of the new screen (a field enabled again, a list
 * without the removed item), not on one about to go.
 */
export function afterCommit(move: () => void): void {
  requestAnimationFrame(() => {
    setTimeout(move, 0)
  })
}
