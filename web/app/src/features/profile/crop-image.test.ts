import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { cropImage, defaultCropArea } from './crop-image'
import { stubImageLoading } from '@/testing/stub-image-loading'

describe('defaultCropArea', () => {
  it('is 90% of the width at the aspect ratio, centred', () => {
    // A 1200×800 photo in the 3:1 banner crop: 90% wide, 45% high.
    expect(defaultCropArea(3, 1200, 800)).toEqual({ x: 5, y: 27.5, width: 90, height: 45 })
    // A portrait photo in the square avatar crop.
    expect(defaultCropArea(1, 800, 1200)).toEqual({ x: 5, y: 20, width: 90, height: 60 })
  })

  it('takes the full height when 90% of the width would not fit', () => {
    const area = defaultCropArea(1, 1200, 800)
    expect(area.height).toBe(100)
    expect(area.y).toBe(0)
    expect(area.width).toBeCloseTo(66.667, 2)
    expect(area.x).toBeCloseTo(16.667, 2)
  })
})

describe('cropImage', () => {
  let restoreImages: () => void
  const toBlob = vi.fn<HTMLCanvasElement['toBlob']>((callback, type) => {
    callback(new Blob(['jpeg'], { type }))
  })
  /** Every canvas the crop asked a context of, with the drawing calls made on it. */
  const canvases: { canvas: HTMLCanvasElement; calls: string[] }[] = []
  const size = (index: number) => {
    const entry = index < 0 ? canvases.at(index) : canvases[index]
    return { width: entry?.canvas.width, height: entry?.canvas.height }
  }

  function fakeGetContext(this: HTMLCanvasElement) {
    const calls: string[] = []
    canvases.push({ canvas: this, calls })
    const log =
      (name: string) =>
      (...args: unknown[]) => {
        calls.push(`${name}(${args.map((arg) => (typeof arg === 'number' ? String(arg) : typeof arg)).join(',')})`)
      }
    return {
      translate: log('translate'),
      rotate: log('rotate'),
      drawImage: log('drawImage'),
      fillRect: log('fillRect'),
      set fillStyle(value: string) {
        calls.push(`fillStyle=${value}`)
      },
    }
  }

  beforeEach(() => {
    restoreImages = stubImageLoading({ width: 4000, height: 3000 })
    canvases.length = 0
    toBlob.mockClear()
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      fakeGetContext as unknown as HTMLCanvasElement['getContext'],
    )
    HTMLCanvasElement.prototype.toBlob = toBlob
  })

  afterEach(() => {
    restoreImages()
  })

  it("encodes a JPEG at quality 0.9 named 'cropped-' + Date.now() + '.jpg'", async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_764_000_000_000)
    const file = await cropImage('blob:photo', { x: 100, y: 50, width: 900, height: 300 }, 0)
    expect(file.name).toBe('cropped-1764000000000.jpg')
    expect(file.type).toBe('image/jpeg')
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.9)
    expect(size(-1)).toEqual({ width: 900, height: 300 })
    expect(canvases.at(-1)?.calls).toEqual([
      'fillStyle=#ffffff',
      'fillRect(0,0,900,300)',
      'drawImage(object,100,50,900,300,0,0,900,300)',
    ])
  })

  it('draws the image rotated onto a canvas of the rotated size first', async () => {
    await cropImage('blob:photo', { x: 0, y: 0, width: 3000, height: 3000 }, 90)
    expect(size(0)).toEqual({ width: 3000, height: 4000 })
    expect(canvases[0]?.calls).toContain(`rotate(${String(Math.PI / 2)})`)
  })

  it('keeps the longest edge within 2048 px', async () => {
    await cropImage('blob:photo', { x: 0, y: 0, width: 3600, height: 1200 }, 0)
    expect(size(-1)).toEqual({ width: 2048, height: 683 })
  })
})
