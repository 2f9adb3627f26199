import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { FileCode2, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { useLocation } from 'wouter'
import { SnippetSidebar } from './SnippetSidebar'

/**
 * The snippets on a narrow screen, where the list beside the editor has no room: a button above
 * the editor opens them in a drawer from the left. Choosing a snippet (a new address) closes it.
 */
export function SnippetDrawer({ projectRef, activeId, draftsVersion }: { projectRef: string; activeId: string | null; draftsVersion: number }) {
  const [open, setOpen] = useState(false)
  const [location] = useLocation()
  useEffect(() => setOpen(false), [location])
  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} lazyMount unmountOnExit>
      <Dialog.Trigger className={button({ variant: 'default', size: 'sm' })}>
        <FileCode2 aria-hidden size={14} />
        Snippets
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop className={css({ position: 'fixed', inset: '0', bg: 'black/40', zIndex: 'overlay' })} />
        <Dialog.Positioner className={css({ position: 'fixed', inset: '0', display: 'flex', zIndex: 'modal' })}>
          <Dialog.Content className={css({ h: 'full', w: 'min(20rem, 85vw)', bg: 'bg.surface', boxShadow: 'lg', display: 'flex', flexDir: 'column', minH: '0' })}>
            <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default' })}>
              <Dialog.Title className={css({ fontSize: 'md', fontWeight: 'semibold' })}>SQL snippets</Dialog.Title>
              <Dialog.CloseTrigger aria-label="Close snippets" className={button({ variant: 'ghost', size: 'sm' })}>
                <X aria-hidden size={16} />
              </Dialog.CloseTrigger>
            </div>
            <SnippetSidebar projectRef={projectRef} activeId={activeId} draftsVersion={draftsVersion} onNarrow="fill" />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
