/**
 * A stand-in for react-easy-crop. jsdom has no layout, so the real cropper
 * never measures anything: the stand-in records the props it is given, for a
 * test to read them and report a crop the way the real one does. A test file
 * puts it in place with
 *
 *   vi.mock('react-easy-crop', () => import('@/testing/cropper-stand-in'))
 *
 * and calls `setUpCropperStandIn()` at its top level.
 */
import { createElement } from 'react'
import type { CropperProps } from 'react-easy-crop'
import { afterEach, beforeEach } from 'vitest'

import { stubImageLoading } from './stub-image-loading'

/** The props of the cropper last rendered (null before any). */
export const cropper = { props: null as CropperProps | null }

export default function CropperStandIn(props: CropperProps) {
  cropper.props = props
  return createElement('div', { 'data-testid': 'cropper' })
}

/**
 * Each test starts with no cropper rendered and with images that load at
 * 1200×800 (jsdom loads none); the images are restored after it.
 */
export function setUpCropperStandIn() {
  let restoreImages: () => void
  beforeEach(() => {
    cropper.props = null
    restoreImages = stubImageLoading({ width: 1200, height: 800 })
  })
  afterEach(() => {
    restoreImages()
  })
}
