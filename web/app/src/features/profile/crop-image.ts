import type { Area } from 'react-easy-crop'

/** Crop output is a JPEG at quality 0.9. */
export const CROP_JPEG_QUALITY = 0.9

/**
 * The longest edge of a cropped image. Without one a crop
 * of a large photo, re-encoded at 0.9, can outgrow the server's 5 MB limit
 * although the original fitted.
 */
export const CROP_MAX_EDGE = 2048

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.addEventListener('load', () => {
      resolve(image)
    })
    image.addEventListener('error', () => {
      reject(new Error('the image could not be loaded'))
    })
    image.src = src
  })
}

/**
 * The crop the dialogs open with: 90% of the image's width at
 * the aspect ratio, centred. When that would be taller than the image (a wide
 * photo in the square avatar crop) the crop takes the full height instead, as
 * react-image-crop's makeAspectCrop does. In percentages of the image.
 */
export function defaultCropArea(aspect: number, imageWidth: number, imageHeight: number): Area {
  let width = 90
  let height = (width * imageWidth) / (aspect * imageHeight)
  if (height > 100) {
    height = 100
    width = (height * aspect * imageHeight) / imageWidth
  }
  return { x: (100 - width) / 2, y: (100 - height) / 2, width, height }
}

function rotatedSize(width: number, height: number, rotation: number) {
  const radians = (rotation * Math.PI) / 180
  return {
    width: Math.abs(Math.cos(radians) * width) + Math.abs(Math.sin(radians) * height),
    height: Math.abs(Math.sin(radians) * width) + Math.abs(Math.cos(radians) * height),
  }
}

function context(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('canvas 2d context unavailable')
  return ctx
}

/**
 * Cuts `area` (pixels of the rotated image, as react-easy-crop reports it) out
 * of the image at `src` and encodes it as 'cropped-<timestamp>.jpg'.
 */
export async function cropImage(src: string, area: Area, rotation: number): Promise<File> {
  const image = await loadImage(src)
  const bounds = rotatedSize(image.naturalWidth, image.naturalHeight, rotation)

  const rotated = document.createElement('canvas')
  rotated.width = Math.round(bounds.width)
  rotated.height = Math.round(bounds.height)
  const rotatedCtx = context(rotated)
  rotatedCtx.translate(rotated.width / 2, rotated.height / 2)
  rotatedCtx.rotate((rotation * Math.PI) / 180)
  rotatedCtx.translate(-image.naturalWidth / 2, -image.naturalHeight / 2)
  rotatedCtx.drawImage(image, 0, 0)

  const scale = Math.min(1, CROP_MAX_EDGE / Math.max(area.width, area.height))
  const output = document.createElement('canvas')
  output.width = Math.max(1, Math.round(area.width * scale))
  output.height = Math.max(1, Math.round(area.height * scale))
  const outputCtx = context(output)
  // JPEG has no transparency: what is outside the image (zoomed out below 100%) turns white, not black.
  outputCtx.fillStyle = '#ffffff'
  outputCtx.fillRect(0, 0, output.width, output.height)
  outputCtx.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, output.width, output.height)

  const blob = await new Promise<Blob>((resolve, reject) => {
    output.toBlob(
      (result) => {
        if (result) resolve(result)
        else reject(new Error('the cropped image could not be encoded'))
      },
      'image/jpeg',
      CROP_JPEG_QUALITY,
    )
  })
  return new File([blob], `cropped-${String(Date.now())}.jpg`, { type: 'image/jpeg' })
}
