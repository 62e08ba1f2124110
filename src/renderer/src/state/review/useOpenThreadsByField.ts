/** How many open review threads each application field has (for its Comment button). */
import { useMemo } from 'react'
import { isOpen } from '../../../../shared/review'
import { useReview } from './review'

export function useOpenThreadsByField(): Readonly<Record<string, number>> {
  const threads = useReview((s) => s.data?.threads)
  return useMemo(() => {
    const counts: Record<string, number> = Object.create(null) as Record<string, number>
    for (const thread of threads ?? []) {
      if (thread.anchor.target === 'field' && isOpen(thread)) counts[thread.anchor.field] = (counts[thread.anchor.field] ?? 0) + 1
    }
    return counts
  }, [threads])
}
