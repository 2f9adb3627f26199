import { useEffect, useRef } from 'react'
import { useSelector } from '@xstate/react'
import { useLocation, useSearch } from 'wouter'
import type { AssistantActor } from './assistant-actors'

export const ASSISTANT_PANEL_PARAM = 'aiAssistantPanelOpen'

/**
 * SPEC §2: `aiAssistantPanelOpen=true|false` opens and closes the panel, and the panel's state is
 * written back whenever it changes. A screen first shown closed and without the parameter is left
 * without one (every project address would otherwise grow it).
 */
export function useAssistantUrl(actor: AssistantActor) {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const open = useSelector(actor, (s) => s.context.open)
  const param = new URLSearchParams(search).get(ASSISTANT_PANEL_PARAM)
  // What the panel was when this screen was first shown: a ref of a value, not a 'first run' flag,
  // because React StrictMode runs every effect twice in development.
  const shownOpen = useRef(open)

  useEffect(() => {
    if (param === 'true') actor.send({ type: 'panel.open' })
    else if (param === 'false') actor.send({ type: 'panel.close' })
  }, [actor, param])

  useEffect(() => {
    // The machine's state now (not this render's): the effect above may just have changed it.
    const current = actor.getSnapshot().context.open
    const unchanged = current === shownOpen.current
    shownOpen.current = current
    if (param === String(current) || (unchanged && param === null && !current)) return
    const params = new URLSearchParams(search)
    params.set(ASSISTANT_PANEL_PARAM, String(current))
    navigate(`${location}?${params.toString()}`, { replace: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the panel opens or closes; the address is read as it is then, not watched (writing it would run this again)
  }, [actor, open])
}
