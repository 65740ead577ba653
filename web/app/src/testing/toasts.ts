import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'

/**
 * Waits for the sonner toast titled `title` and checks its description and
 * kind ('error' is the destructive style).
 */
export async function expectToast(title: string, description?: string, type: 'error' | 'success' = 'error') {
  const titleElement = await screen.findByText(title, { selector: '[data-title]' })
  const toast = titleElement.closest('[data-sonner-toast]')
  if (!(toast instanceof HTMLElement)) throw new Error(`toast '${title}' is not inside a sonner toast`)
  expect(toast).toHaveAttribute('data-type', type)
  if (description !== undefined) {
    expect(within(toast).getByText(description, { selector: '[data-description]' })).toBeInTheDocument()
  }
  return toast
}
