// The page's first script, built as its own entry and put first in
// index.html as an async module (vite.config.ts): see ./start.ts. When the
// app's code ran first, it has restored the session itself and left its
// mark: nothing is sent twice.
import { preloadFirstScreenCode, startEarly } from './start'

if (!window.socialEarlyStart) {
  window.socialEarlyStart = startEarly(window.location.pathname, performance.now())
  // A visitor without a session is sent to sign in and never needs the
  // member's screens.
  if (window.socialEarlyStart) preloadFirstScreenCode(window.location.pathname)
}
