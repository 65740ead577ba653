import { act, fireEvent, screen } from '@testing-library/react'
import type { CropperProps } from 'react-easy-crop'
import { describe, expect, it, vi } from 'vitest'

import { cropper, setUpCropperStandIn } from '@/testing/cropper-stand-in'
import { renderWithProviders } from '@/testing/render-app'

import { cropImage } from '../crop-image'

import { ImageCropDialog } from './image-crop-dialog'

vi.mock('react-easy-crop', () => import('@/testing/cropper-stand-in'))

vi.mock('../crop-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../crop-image')>()),
  cropImage: vi.fn(),
}))

setUpCropperStandIn()

function renderDialog(kind: 'avatar' | 'banner') {
  const onCancel = vi.fn()
  const onConfirm = vi.fn()
  const view = renderWithProviders(
    <ImageCropDialog kind={kind} src="blob:picked" onCancel={onCancel} onConfirm={onConfirm} />,
  )
  return { ...view, onCancel, onConfirm }
}

async function mountedCropper(): Promise<CropperProps> {
  await screen.findByTestId('cropper')
  if (!cropper.props) throw new Error('cropper not rendered')
  return cropper.props
}

describe('ImageCropDialog', () => {
  it("avatar: 'Ajustar Foto de Perfil', square and round, opening on the default crop", async () => {
    renderDialog('avatar')
    expect(await screen.findByRole('dialog', { name: 'Ajustar Foto de Perfil' })).toBeInTheDocument()
    const props = await mountedCropper()
    expect(props).toMatchObject({ image: 'blob:picked', aspect: 1, cropShape: 'round', zoom: 1, rotation: 0 })
    // A 1200×800 photo: 90% of its width would be taller than it, so the full height.
    expect(props.initialCroppedAreaPercentages?.height).toBe(100)
  })

  it("banner: 'Ajustar Banner', 3:1 and rectangular, 90% wide and centred", async () => {
    renderDialog('banner')
    expect(await screen.findByRole('dialog', { name: 'Ajustar Banner' })).toBeInTheDocument()
    const props = await mountedCropper()
    expect(props).toMatchObject({ aspect: 3, cropShape: 'rect' })
    expect(props.initialCroppedAreaPercentages).toEqual({ x: 5, y: 27.5, width: 90, height: 45 })
  })

  it('zooms from 0.5 to 3 in steps of 0.1, shown in %', async () => {
    renderDialog('avatar')
    const slider = await screen.findByRole('slider', { name: 'Zoom' })
    expect(slider).toHaveAttribute('aria-valuemin', '0.5')
    expect(slider).toHaveAttribute('aria-valuemax', '3')
    expect(slider).toHaveAttribute('aria-valuenow', '1')
    expect(screen.getByText('100%')).toBeInTheDocument()

    fireEvent.keyDown(slider, { key: 'ArrowRight' })
    expect(slider).toHaveAttribute('aria-valuenow', '1.1')
    expect(screen.getByText('110%')).toBeInTheDocument()
    expect((await mountedCropper()).zoom).toBe(1.1)

    fireEvent.keyDown(slider, { key: 'End' })
    expect(screen.getByText('300%')).toBeInTheDocument()
    fireEvent.keyDown(slider, { key: 'Home' })
    expect(screen.getByText('50%')).toBeInTheDocument()
    expect(slider).toHaveAttribute('aria-valuetext', '50%')
    expect(cropper.props).toMatchObject({ minZoom: 0.5, maxZoom: 3, zoom: 0.5 })
  })

  it("turns 90° per 'Girar 90°', back to 0 after 360", async () => {
    const { user } = renderDialog('banner')
    await mountedCropper()
    const rotate = screen.getByRole('button', { name: 'Girar 90°' })
    const seen: number[] = []
    for (let i = 0; i < 4; i++) {
      await user.click(rotate)
      seen.push(cropper.props?.rotation ?? -1)
    }
    expect(seen).toEqual([90, 180, 270, 0])
  })

  it("'Confirmar' hands over the cropped file, cut at the reported area and rotation", async () => {
    const file = new File(['jpeg'], 'cropped-1.jpg', { type: 'image/jpeg' })
    vi.mocked(cropImage).mockResolvedValue(file)
    const { user, onConfirm } = renderDialog('avatar')
    const props = await mountedCropper()
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeDisabled()

    const area = { x: 10, y: 20, width: 500, height: 500 }
    act(() => {
      props.onCropComplete?.({ x: 1, y: 2, width: 50, height: 50 }, area)
    })
    await user.click(screen.getByRole('button', { name: 'Girar 90°' }))
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    expect(cropImage).toHaveBeenCalledWith('blob:picked', area, 90)
    expect(onConfirm).toHaveBeenCalledWith(file)
  })

  it('only logs a failed crop', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.mocked(cropImage).mockRejectedValue(new Error('canvas refused'))
    const { user, onConfirm } = renderDialog('avatar')
    const props = await mountedCropper()
    act(() => {
      props.onCropComplete?.({ x: 0, y: 0, width: 1, height: 1 }, { x: 0, y: 0, width: 10, height: 10 })
    })
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    expect(error).toHaveBeenCalledWith('crop failed', expect.any(Error))
    expect(onConfirm).not.toHaveBeenCalled()
    expect(document.querySelector('[data-sonner-toast]')).toBeNull()
  })

  it("'Cancelar' gives up", async () => {
    const { user, onCancel } = renderDialog('avatar')
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }))
    expect(onCancel).toHaveBeenCalledOnce()
  })
})
