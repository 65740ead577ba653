// The member app's service worker, built into dist as /sw.js by
// vite-plugin-pwa (injectManifest), which writes the list of every built
// file in place of self.__WB_MANIFEST.
//
// It keeps the app shell (index.html and every built file) so the app opens
// without a network, and nothing else: answers of /api, the admin console,
// media links and health checks always go to the server untouched. A new
// version installs beside the old one and waits; the page asks the member
// and then sends SKIP_WAITING. It also shows the server's pushes (Web
// Push) and opens the right screen when one is clicked.

/** The built files, as vite.config.ts lists them: `{ url, revision }`, addresses relative to the site. */
const PRECACHE = /** @type {{ url: string, revision: string | null }[]} */ (self.__WB_MANIFEST)
/** The same files as absolute paths ('/', '/assets/…'), as requests are compared. */
const SHELL = PRECACHE.map((entry) => new URL(entry.url, self.location.origin + '/').pathname)

/**
 * The shell's version: a hash of every file's address and revision (hashed
 * file names carry their own). Any changed file makes a new cache.
 */
function versionOf(entries) {
  let hash = 5381
  for (const char of JSON.stringify(entries)) hash = ((hash * 33) ^ char.charCodeAt(0)) >>> 0
  return hash.toString(16)
}

const CACHE = `shell-${versionOf(PRECACHE)}`
const CACHE_PREFIX = 'shell-'

/** Paths the server answers itself, never from a cache. */
function serverOnly(path) {
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    path === '/admin' ||
    path.startsWith('/admin/') ||
    path.startsWith('/media/') ||
    path === '/healthz' ||
    path === '/readyz' ||
    path === '/sw.js'
  )
}

self.addEventListener('install', (event) => {
  // No skipWaiting here: an open page keeps running the version it loaded.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)))
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(CACHE_PREFIX) && key !== CACHE) await caches.delete(key)
      }
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting()
})

/** A page: the network first (fresh index.html), the kept shell when offline. */
async function page(request) {
  try {
    return await fetch(request)
  } catch (error) {
    const shell = await caches.match('/', { cacheName: CACHE })
    if (shell) return shell
    throw error
  }
}

/** A built file: names carry a content hash, so the kept copy is the file. */
async function shellFile(request) {
  const kept = await caches.match(request, { cacheName: CACHE })
  return kept ?? fetch(request)
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || serverOnly(url.pathname)) return
  if (request.mode === 'navigate') {
    event.respondWith(page(request))
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(shellFile(request))
  }
})

// Push (the server's features/push): the payload is JSON
// `{ id, type, title, body, icon, url, tag }`, already in pt-BR.

/** What a push opens: a path of this app, or the notifications screen for anything else. */
function pushTarget(url) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/notifications'
  return url
}

/** The notification a push shows; a payload that is not ours shows a plain one. */
function notificationOf(data) {
  const payload = data && typeof data === 'object' ? data : {}
  const title = typeof payload.title === 'string' && payload.title !== '' ? payload.title : 'Nova notificação'
  const tag = typeof payload.tag === 'string' && payload.tag !== '' ? payload.tag : undefined
  return {
    title,
    options: {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: typeof payload.icon === 'string' && payload.icon !== '' ? payload.icon : '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'pt-BR',
      // One notification per topic: a newer push of the same topic (more
      // likes of a post, another message of a conversation) replaces it
      // and alerts again.
      tag,
      renotify: tag !== undefined,
      data: { url: pushTarget(payload.url), id: payload.id, type: payload.type },
    },
  }
}

self.addEventListener('push', (event) => {
  let data = null
  try {
    data = event.data ? event.data.json() : null
  } catch {
    data = null
  }
  const { title, options } = notificationOf(data)
  event.waitUntil(Promise.all([self.registration.showNotification(title, options), markBadge()]))
})

/**
 * The app icon's badge (Badging API, where the system has one): a push means
 * something unread, whose count only the server knows, so the badge is a
 * plain mark; the open app sets the count and clears it once all is read.
 */
async function markBadge() {
  const nav = self.navigator
  if (!nav || typeof nav.setAppBadge !== 'function') return
  try {
    await nav.setAppBadge()
  } catch {
    // Refused (no permission to badge): the notification is shown all the same.
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = new URL(pushTarget(event.notification.data && event.notification.data.url), self.location.origin).href
  event.waitUntil(
    (async () => {
      // An open tab of the app is brought forward and taken to the screen;
      // without one, a new window opens there.
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin)
      if (tab) {
        // A browser may refuse the focus (it allows it only from a real
        // click); the tab is still taken to the screen.
        const focused = await tab.focus().catch(() => null)
        await (focused || tab).navigate(target)
        return
      }
      await self.clients.openWindow(target)
    })(),
  )
})
