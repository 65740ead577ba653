import { PRODUCT_NAME } from '@/config/product'

/** What a route may say about its screen: the name the page's title gives it. */
export interface RouteHandle {
  /** The screen's name in the browser's tab (pt-BR); without one, the screen's main heading names it. */
  title?: string
}

/**
 * How long a new screen may take to draw its main heading (its data may still be loading) before focus goes to
 * <main> instead: long enough for a slow phone's answer, short enough that a member who waits is not surprised by a
 * jump later.
 */
export const HEADING_WAIT_MS = 4000

/** The page title for a screen's name: 'Buscar · social'; the product's name alone without one. */
export function pageTitle(name: string | null | undefined): string {
  const clean = name?.replace(/\s+/g, ' ').trim()
  return clean && clean !== PRODUCT_NAME ? `${clean} · ${PRODUCT_NAME}` : PRODUCT_NAME
}

/** The screen's main heading: the h1 inside <main>, else the page's first h1. */
export function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1')
}

/**
 * Whether focus may be moved: it was left on <body> (the control that had it went with the old screen) or is still
 * on the link or button that opened the screen. A field the new screen focused itself, or a control the member
 * reached since, keeps it.
 */
export function focusIsFree(origin: Element | null): boolean {
  const active = document.activeElement
  return !active || active === document.body || active === origin
}
