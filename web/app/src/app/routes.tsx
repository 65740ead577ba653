import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'

import { RouteFrame } from '@/components/layout/route-frame'
import { paths } from '@/config/paths'
import { PluginGate, type PluginDescriptor } from '@/features/plugins'
import { pluginRegistry } from '@/features/plugins/registry'
import { LoadingScreen, RedirectIfSignedIn, RequireSession } from '@/features/session'
import type { RouteHandle } from '@/lib/route-focus'

import { routeTitles as titles } from './messages'

const titled = (title: string): RouteHandle => ({ title })

/**
 * The whole route table of the member app: the core's screens and those of
 * every plugin in `registry`. Screens load on demand, and so does the member
 * frame (navigation, notifications, composer): the sign-in page, a visitor's
 * first screen, brings only the guard and its own screen. The session guard
 * stays in the main bundle, so a visitor without a session is sent to
 * sign in without waiting for the frame.
 */
export function buildRoutes(registry: readonly PluginDescriptor[]): RouteObject[] {
  return [
    {
      HydrateFallback: LoadingScreen,
      Component: RouteFrame,
      children: [
        {
          path: paths.auth,
          handle: titled(titles.auth),
          lazy: async () => {
            const { AuthScreen } = await import('@/features/auth')
            return {
              element: (
                <RedirectIfSignedIn>
                  <AuthScreen />
                </RedirectIfSignedIn>
              ),
            }
          },
        },
        {
          path: paths.oauthAuthorize,
          handle: titled(titles.oauthAuthorize),
          lazy: async () => {
            const { ConsentScreen } = await import('@/features/oauth')
            return {
              element: (
                <RequireSession>
                  <ConsentScreen />
                </RequireSession>
              ),
            }
          },
        },
        {
          path: paths.resetPassword,
          handle: titled(titles.resetPassword),
          lazy: async () => ({ Component: (await import('@/features/auth')).ResetPasswordScreen }),
        },
        {
          path: paths.emailUnsubscribe,
          handle: titled(titles.emailUnsubscribe),
          lazy: async () => ({ Component: (await import('@/features/email-digest')).UnsubscribeScreen }),
        },
        {
          lazy: async () => {
            const { MemberLayout } = await import('@/features/navigation')
            return {
              element: (
                <RequireSession>
                  <MemberLayout />
                </RequireSession>
              ),
            }
          },
          children: [
            {
              index: true,
              handle: titled(titles.feed),
              lazy: async () => ({ Component: (await import('@/features/feed')).FeedScreen }),
            },
            {
              path: paths.search,
              handle: titled(titles.search),
              lazy: async () => ({ Component: (await import('@/features/search')).SearchScreen }),
            },
            {
              path: paths.createPost,
              handle: titled(titles.createPost),
              lazy: async () => ({ Component: (await import('@/features/create-post')).CreatePostScreen }),
            },
            {
              path: '/post/:id',
              handle: titled(titles.post),
              lazy: async () => ({ Component: (await import('@/features/post')).PostScreen }),
            },
            ...pluginRoutes(registry),
            {
              path: paths.notifications,
              handle: titled(titles.notifications),
              lazy: async () => ({ Component: (await import('@/features/notifications')).NotificationsScreen }),
            },
            {
              path: paths.profile,
              lazy: async () => ({ Component: (await import('@/features/profile')).ProfileScreen }),
            },
            {
              path: '/profile/:handle',
              lazy: async () => ({ Component: (await import('@/features/profile')).ProfileScreen }),
            },
            {
              path: paths.settings,
              handle: titled(titles.settings),
              lazy: async () => ({ Component: (await import('@/features/settings')).SettingsScreen }),
            },
          ],
        },
        {
          path: '*',
          handle: titled(titles.notFound),
          lazy: async () => ({ Component: (await import('@/features/not-found')).NotFoundScreen }),
        },
      ],
    },
  ]
}

export const routes = buildRoutes(pluginRegistry)

/** Every screen of the registered plugins, each behind its plugin's switch. */
function pluginRoutes(registry: readonly PluginDescriptor[]): RouteObject[] {
  return registry.flatMap((plugin) =>
    plugin.routes.map((route) => ({
      path: route.path,
      handle: route.title ? titled(route.title) : undefined,
      lazy: pluginScreen(plugin.name, route.load),
    })),
  )
}

/**
 * A plugin's screen, shown only while the server has the plugin on; off, its
 * URL gets the 404 page like any unknown path.
 */
function pluginScreen(plugin: string, load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => {
    const [Screen, { NotFoundScreen }] = await Promise.all([load(), import('@/features/not-found')])
    return {
      Component: () => (
        <PluginGate plugin={plugin} fallback={<NotFoundScreen />}>
          <Screen />
        </PluginGate>
      ),
    }
  }
}
