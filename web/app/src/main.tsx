import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { App } from './app'
import { startPwa } from './features/pwa'
import { startSessionRestore } from './features/session'
import { apiClient } from './lib/api'
import { markFirstScreenDrawn, startFirstScreenClock } from './lib/first-screen'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// The session's refresh leaves before React's first render, beside the screen's code.
startSessionRestore(apiClient)
// A screen whose reads the page's first script sent (the feed, a post) says
// itself when it is drawn; on any other, nothing needs to wait.
if (window.socialEarlyStart?.reads.size) startFirstScreenClock()
else markFirstScreenDrawn()
startPwa()

// The first render is a non-urgent one, which React splits into short slices:
// a phone stays responsive while the app builds its first screen.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
