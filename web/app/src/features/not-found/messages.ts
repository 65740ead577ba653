export const notFoundMessages = {
  code: '404',
  title: 'Oops! Page not found',
  returnHome: 'Return to Home',
} as const
