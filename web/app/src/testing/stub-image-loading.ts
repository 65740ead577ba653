/**
 * jsdom never loads images. This makes every <img>/new Image() "load" at the
 * given natural size as soon as its src is set; call the returned function to undo.
 */
export function stubImageLoading(size: { width: number; height: number }): () => void {
  const proto = HTMLImageElement.prototype
  const src = Object.getOwnPropertyDescriptor(proto, 'src')
  const naturalWidth = Object.getOwnPropertyDescriptor(proto, 'naturalWidth')
  const naturalHeight = Object.getOwnPropertyDescriptor(proto, 'naturalHeight')
  Object.defineProperty(proto, 'src', {
    configurable: true,
    get(this: HTMLImageElement) {
      return this.getAttribute('src') ?? ''
    },
    set(this: HTMLImageElement, value: string) {
      this.setAttribute('src', value)
      setTimeout(() => this.dispatchEvent(new Event('load')), 0)
    },
  })
  Object.defineProperty(proto, 'naturalWidth', { configurable: true, get: () => size.width })
  Object.defineProperty(proto, 'naturalHeight', { configurable: true, get: () => size.height })
  return () => {
    if (src) Object.defineProperty(proto, 'src', src)
    if (naturalWidth) Object.defineProperty(proto, 'naturalWidth', naturalWidth)
    if (naturalHeight) Object.defineProperty(proto, 'naturalHeight', naturalHeight)
  }
}
