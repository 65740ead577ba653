import { RotateCw } from 'lucide-react'
import { useEffect, useState } from 'react'
import Cropper, { type Area, type Point } from 'react-easy-crop'
// Bundled rather than injected at run time, so a strict style-src CSP holds.
import 'react-easy-crop/react-easy-crop.css'

import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Slider } from '@/components/ui/slider'

import { cropImage, defaultCropArea, loadImage } from '../crop-image'
import { cropSettings, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '../crop-settings'
import { profileMessages as m } from '../messages'
import type { ProfileImageKind } from '../types'

interface ImageCropDialogProps {
  kind: ProfileImageKind
  /** An object URL of the picked file; the dialog is open while it is set. */
  src: string | null
  onCancel: () => void
  onConfirm: (file: File) => void
}

export function ImageCropDialog({ kind, src, onCancel, onConfirm }: ImageCropDialogProps) {
  const { title } = cropSettings[kind]
  return (
    <Dialog
      open={src !== null}
      onOpenChange={(open) => {
        if (!open) onCancel()
      }}
    >
      <DialogContent aria-describedby={undefined} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        {src ? <CropEditor key={src} kind={kind} src={src} onCancel={onCancel} onConfirm={onConfirm} /> : null}
      </DialogContent>
    </Dialog>
  )
}

/** Natural size of the image, needed before the cropper mounts to place the default crop. */
function useImageSize(src: string) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  useEffect(() => {
    let current = true
    loadImage(src).then(
      (image) => {
        if (current) setSize({ width: image.naturalWidth, height: image.naturalHeight })
      },
      (error: unknown) => {
        console.error('crop: image load failed', error)
      },
    )
    return () => {
      current = false
    }
  }, [src])
  return size
}

function CropEditor({ kind, src, onCancel, onConfirm }: Omit<ImageCropDialogProps, 'src'> & { src: string }) {
  const { aspect, cropShape } = cropSettings[kind]
  const size = useImageSize(src)
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const [rotation, setRotation] = useState(0)
  const [area, setArea] = useState<Area | null>(null)
  const [cropping, setCropping] = useState(false)
  const zoomText = m.zoomValue(Math.round(zoom * 100))

  const confirm = async () => {
    if (!area) return
    setCropping(true)
    try {
      onConfirm(await cropImage(src, area, rotation))
    } catch (error) {
      // Crop failures are only logged.
      console.error('crop failed', error)
    } finally {
      setCropping(false)
    }
  }

  return (
    <>
      {/* The preview is at most 384 px high. */}
      <div className="relative h-[60svh] max-h-96 w-full overflow-hidden rounded-md bg-muted">
        {size ? (
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            rotation={rotation}
            aspect={aspect}
            cropShape={cropShape}
            showGrid={cropShape === 'rect'}
            minZoom={ZOOM_MIN}
            maxZoom={ZOOM_MAX}
            // Below 100% the image is smaller than the crop and must be free to move inside it.
            restrictPosition={zoom >= 1}
            disableAutomaticStylesInjection
            initialCroppedAreaPercentages={defaultCropArea(aspect, size.width, size.height)}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onRotationChange={setRotation}
            onCropComplete={(_, pixels) => {
              setArea(pixels)
            }}
          />
        ) : null}
      </div>
      <div className="flex items-center gap-4">
        <Slider
          thumbLabel={m.zoom}
          valueText={zoomText}
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          step={ZOOM_STEP}
          value={[zoom]}
          onValueChange={([value]) => {
            if (value !== undefined) setZoom(value)
          }}
        />
        <output aria-live="polite" className="w-12 shrink-0 text-right text-sm tabular-nums">
          {zoomText}
        </output>
      </div>
      <DialogFooter className="sm:justify-between">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setRotation((current) => (current + 90) % 360)
          }}
        >
          <RotateCw aria-hidden="true" />
          {m.rotate}
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" onClick={onCancel}>
            {m.cancel}
          </Button>
          <Button type="button" disabled={!area || cropping} onClick={() => void confirm()}>
            {m.confirm}
          </Button>
        </div>
      </DialogFooter>
    </>
  )
}
