import { Slider as SliderPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'

import { cn } from '@/lib/utils'

type SliderProps = ComponentProps<typeof SliderPrimitive.Root> & {
  /** Accessible name of the thumb (the element with role="slider"). */
  thumbLabel: string
  /** Announced instead of the bare number, e.g. '150%'. */
  valueText?: string
}

/** A single-thumb slider. */
function Slider({ className, thumbLabel, valueText, ...props }: SliderProps) {
  return (
    <SliderPrimitive.Root
      data-slot="slider"
      className={cn(
        'relative flex w-full touch-none items-center select-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track
        data-slot="slider-track"
        className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-muted"
      >
        <SliderPrimitive.Range data-slot="slider-range" className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        data-slot="slider-thumb"
        aria-label={thumbLabel}
        aria-valuetext={valueText}
        // Radix marks a disabled thumb only with data-disabled; say it to assistive technology too.
        aria-disabled={props.disabled ? true : undefined}
        className="block size-4 shrink-0 rounded-full border border-primary bg-background shadow-sm transition-[color,box-shadow] hover:ring-4 hover:ring-ring/50 focus-visible:ring-4 focus-visible:ring-ring/50 focus-visible:outline-hidden disabled:pointer-events-none"
      />
    </SliderPrimitive.Root>
  )
}

export { Slider }
