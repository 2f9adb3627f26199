import { Portal } from '@ark-ui/react/portal'
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip'
import type { ReactElement, ReactNode } from 'react'
import { css } from 'styled-system/css'
import { TOOLTIP_DELAY } from '../constants'

/** Shows `content` after SPEC §9's 700 ms delay. The child must accept a ref (a button, a span…). */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <ArkTooltip.Root openDelay={TOOLTIP_DELAY} closeDelay={0}>
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner>
          <ArkTooltip.Content
            className={css({
              bg: 'fg.default',
              color: 'bg.surface',
              px: '2',
              py: '1',
              borderRadius: 'sm',
              fontSize: 'xs',
              maxW: '72',
              boxShadow: 'md',
            })}
          >
            {content}
          </ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  )
}
