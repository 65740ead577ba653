import type { MouseEvent } from 'react'

interface SkipLinkProps {
  /** The id of the element to jump to: the screen's <main>, focusable by script (tabIndex -1). */
  target: string
  label: string
}

/**
 * The first Tab stop of a screen: hidden until focused, it takes a keyboard
 * or switch user past the navigation straight to the screen's content
 * (WCAG 2.4.1). Focus is moved by hand rather than by the fragment: the
 * router would take '#main' as a navigation, and a fragment leaves focus
 * where it was in some browsers.
 */
export function SkipLink({ target, label }: SkipLinkProps) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(target)
    if (!main) return
    event.preventDefault()
    main.focus()
  }
  return (
    <a
      href={`#${target}`}
      onClick={skip}
      className="sr-only z-50 rounded-md bg-primary text-sm font-medium text-primary-foreground shadow-lg outline-none focus:not-sr-only focus:fixed focus:px-4 focus:py-3 focus:top-[calc(env(safe-area-inset-top)+0.5rem)] focus:left-2 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {label}
    </a>
  )
}
