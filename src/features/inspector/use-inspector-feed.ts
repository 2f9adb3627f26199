import { useCallback, useEffect, useRef, useState } from 'react'
import { INSPECTOR_CHANNEL, INSPECTOR_HEARTBEAT_INTERVAL } from '../../constants'
import type { AppTabMessage, InspectorMessage } from '../../lib/inspector-channel'
import type { MachineRecording } from '../../lib/machine-recording'

export type TabFeed = Extract<AppTabMessage, { kind: 'state' }> & { receivedAt: number }

export interface InspectorFeed {
  /** App tabs that answered, in the order they first did. */
  tabs: TabFeed[]
  /** The last recording a tab sent back, with the tab it came from. */
  recording: { tabId: string; recording: MachineRecording } | null
  send: (message: InspectorMessage) => void
}

/**
 * The inspector window's side of the link: says hello on open and every heartbeat interval (app tabs
 * publish only while they hear it), and keeps the latest state each app tab published.
 */
export function useInspectorFeed(): InspectorFeed {
  const [tabs, setTabs] = useState<TabFeed[]>([])
  const [recording, setRecording] = useState<InspectorFeed['recording']>(null)
  const channel = useRef<BroadcastChannel | null>(null)

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return
    const link = new BroadcastChannel(INSPECTOR_CHANNEL)
    channel.current = link
    link.onmessage = (event: MessageEvent<AppTabMessage>) => {
      const message = event.data
      if (message?.kind === 'state') {
        const feed: TabFeed = { ...message, receivedAt: Date.now() }
        setTabs((current) => {
          const at = current.findIndex((tab) => tab.tabId === message.tabId)
          return at === -1 ? [...current, feed] : current.map((tab, i) => (i === at ? feed : tab))
        })
      } else if (message?.kind === 'recording') {
        setRecording({ tabId: message.tabId, recording: message.recording })
      }
    }
    const hello = () => link.postMessage({ kind: 'hello' } satisfies InspectorMessage)
    hello()
    const heartbeat = setInterval(hello, INSPECTOR_HEARTBEAT_INTERVAL)
    return () => {
      clearInterval(heartbeat)
      link.close()
      channel.current = null
    }
  }, [])

  const send = useCallback((message: InspectorMessage) => channel.current?.postMessage(message), [])
  return { tabs, recording, send }
}
