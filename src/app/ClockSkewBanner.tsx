import { useSelector } from '@xstate/react'
import * as v from 'valibot'
import { clockSkewMachine } from '../../machines/clock-skew.machine'
import { api } from '../api/client'
import { createInspectedActor } from '../lib/inspection'
import { Banner } from '../ui/banner'
import { fromPromiseUntilStopped } from '../lib/actor-promise'

const utcTimeSchema = v.object({ utcTime: v.pipe(v.string(), v.isoTimestamp()) })

/** The one clock-skew actor of the page: started on first use, it checks on start and every 30 minutes. */
let clockSkewActor: ReturnType<typeof startClockSkew> | null = null
function startClockSkew() {
  return createInspectedActor(
    clockSkewMachine.provide({
      actors: {
        readServerTime: fromPromiseUntilStopped(async ({ signal }) => {
          const sentAt = Date.now()
          // {host}/api/get-utc-time (SPEC §7): under the API base, which is /api on the dashboard's own host by default.
          const { utcTime } = await api.get('/get-utc-time', { schema: utcTimeSchema, signal })
          return { serverTime: Date.parse(utcTime), localTime: (sentAt + Date.now()) / 2 }
        }),
      },
    }),
  )
}

function describeSkew(skewMs: number): string {
  const minutes = Math.round(Math.abs(skewMs) / 60_000)
  const amount = minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(Math.abs(skewMs) / 1000)} seconds`
  return `${amount} ${skewMs > 0 ? 'behind' : 'ahead of'}`
}

/** SPEC §2 layout banner: shown while this device's clock is more than 120 s off the server's. */
export function ClockSkewBanner() {
  clockSkewActor ??= startClockSkew()
  const skewMs = useSelector(clockSkewActor, (s) => (s.matches('skewed') ? s.context.skewMs : null))
  if (skewMs === null) return null
  return (
    <Banner tone="warning" label="Clock skew">
      <strong>Your device's clock is {describeSkew(skewMs)} the server's time.</strong> Sign-in sessions and times shown may be wrong until you set the clock
      right (turn on automatic date and time in your system settings).
    </Banner>
  )
}
