import qrcode from 'qrcode-generator'
import { useMemo } from 'react'

/** A QR code of `value`, drawn as SVG squares (nothing of the value is put in markup). */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const cells = useMemo(() => {
    const qr = qrcode(0, 'M')
    qr.addData(value)
    qr.make()
    const count = qr.getModuleCount()
    const dark: [number, number][] = []
    for (let row = 0; row < count; row++) {
      for (let col = 0; col < count; col++) if (qr.isDark(row, col)) dark.push([col, row])
    }
    return { count, dark }
  }, [value])
  const margin = 4
  const extent = cells.count + margin * 2
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${String(extent)} ${String(extent)}`}
      shapeRendering="crispEdges"
      className="rounded-md bg-white"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path
        fill="#000"
        d={cells.dark.map(([x, y]) => `M${String(x + margin)} ${String(y + margin)}h1v1h-1z`).join('')}
      />
    </svg>
  )
}
