import { useEffect, useRef } from 'react'
import { Outlet, useLocation, useMatches } from 'react-router'

import { focusElement, mainContentId } from '@/lib/focus'
import { focusIsFree, HEADING_WAIT_MS, mainHeading, pageTitle, type RouteHandle } from '@/lib/route-focus'

/**
 * One place for what a change of screen means to keyboard and screen-reader members. A single-page app does not
 * load a new page, so by itself the browser leaves focus where it was (on a link of the navigation, or on <body> once
 * the old screen's control is gone) and the tab keeps its old title: a screen reader announces nothing and the
 * keyboard starts again from the top. Here, on every change of path after the first screen, focus moves to the new
 * screen's main heading once it is drawn (to <main> when none is), and the title names the screen. The first screen
 * keeps the browser's own start, and a change of the query alone (a search's tab) stays within the screen.
 */
function RouteFocus() {
  const { pathname } = useLocation()
  const matches = useMatches()
  const named = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1)
  const firstScreen = useRef(true)

  // The name follows the path (it is the matched routes'), so this runs once per screen.
  useEffect(() => {
    const moveFocus = !firstScreen.current
    firstScreen.current = false
    const origin = document.activeElement
    const name = named
    if (name) document.title = pageTitle(name)

    const arrive = (): boolean => {
      const heading = mainHeading()
      if (!heading) return false
      if (!name) document.title = pageTitle(heading.textContent)
      if (moveFocus && focusIsFree(origin)) focusElement(heading)
      return true
    }
    if (arrive()) return undefined
    const observer = new MutationObserver(() => {
      if (arrive()) stop()
    })
    const stop = () => {
      observer.disconnect()
      clearTimeout(timer)
    }
    observer.observe(document.body, { childList: true, subtree: true })
    const timer = setTimeout(() => {
      stop()
      if (!name) document.title = pageTitle(null)
      if (moveFocus && focusIsFree(origin)) focusElement(document.getElementById(mainContentId) ?? document.querySelector('main'))
    }, HEADING_WAIT_MS)
    return stop
  }, [pathname, named])

  return null
}

/** The frame of every screen: what a change of screen does for focus and the page's title, then the screen. */
export function RouteFrame() {
  return (
    <>
      <RouteFocus />
      <Outlet />
    </>
  )
}
