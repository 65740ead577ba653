import { BadgeCheck } from 'lucide-react'

import { Badge } from '@/components/ui/badge'

/** The badge beside a verified member's name; its text comes from the screen's catalogue. */
export function VerifiedBadge({ label }: { label: string }) {
  return (
    <Badge variant="secondary">
      <BadgeCheck aria-hidden="true" />
      {label}
    </Badge>
  )
}
