import { useState } from 'react'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'

import { routes } from './routes'

export function AppRouter() {
  // Created on first render (not at import) so tests can import routes freely.
  const [router] = useState(() => createBrowserRouter(routes))
  return <RouterProvider router={router} />
}
