import { Suspense, type ComponentType, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Route, Switch } from 'wouter'
import { AssistantLayout } from '../features/assistant/AssistantLayout'
import { ProjectShell, ProjectStateGate } from '../features/project-shell'
import { settings } from '../lib/settings'
import { PageMain } from '../ui/page-main'
import { LoadingState } from '../ui/states'
import { DashboardOverlays } from './DashboardOverlays'
import { LayoutBanners, useLayoutBanners, useScreenRevealed } from './LayoutBanners'
import { NotFound } from './NotFound'
import { ProfileGate } from './ProfileGate'
import { SessionRenewal } from './SessionRenewal'
import { TopBar } from './TopBar'

// The chrome around every signed-in screen (top bar, banners, overlays, a project's rail and
// assistant): its own chunk, so the sign-in page loads none of it (routes.tsx loads it beside the screen).

// The screen while the banners above it may still push it down: mounted (its data loads) and laid
// out, but invisible and out of the pointer's reach.
const heldBackClass = css({ opacity: 0, pointerEvents: 'none' })

export function DashboardLayout({ children, fill }: { children: ReactNode; fill: boolean }) {
  const banners = useLayoutBanners()
  const revealed = useScreenRevealed(banners.settled)
  return (
    // `fill`: the screen takes exactly the viewport below the top bar and banners, and scrolls inside
    // its own parts (a project's rail, editor, grid and assistant), so the page never scrolls twice.
    // Positioned, so visually hidden text (absolutely placed) stays inside and never lengthens the page.
    <div
      className={
        fill ? css({ h: '100dvh', display: 'flex', flexDir: 'column', overflow: 'hidden', position: 'relative' }) : css({ minH: '100vh', display: 'flex', flexDir: 'column' })
      }
    >
      {settings.isPlatform ? <SessionRenewal /> : null}
      <TopBar />
      <LayoutBanners banners={banners} />
      <PageMain
        aria-busy={revealed ? undefined : true}
        className={cx(fill ? css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column' }) : css({ flex: '1' }), revealed ? undefined : heldBackClass)}
      >
        <ProfileGate>
          <Suspense fallback={<LoadingState />}>{children}</Suspense>
        </ProfileGate>
      </PageMain>
      <DashboardOverlays />
    </div>
  )
}

/** A project route: its path, its screen, and whether it queries the project's database (then it sits behind the project-state gate). */
export type ProjectRoute = { path: string; screen: ComponentType; gated: boolean }

/** One shell for every project route: the rail, the status machine and the assistant stay mounted from screen to screen. */
export function ProjectLayout({ projectRef, routes }: { projectRef: string; routes: readonly ProjectRoute[] }) {
  return (
    <DashboardLayout fill>
      <ProjectShell projectRef={projectRef}>
        <AssistantLayout projectRef={projectRef}>
          <Suspense fallback={<LoadingState />}>
            <Switch>
              {routes.map(({ path, screen: Screen, gated }) => (
                <Route key={path} path={path}>
                  {gated ? (
                    <ProjectStateGate projectRef={projectRef}>
                      <Screen />
                    </ProjectStateGate>
                  ) : (
                    <Screen />
                  )}
                </Route>
              ))}
              <Route>
                <NotFound />
              </Route>
            </Switch>
          </Suspense>
        </AssistantLayout>
      </ProjectShell>
    </DashboardLayout>
  )
}
