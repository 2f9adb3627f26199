import { useQuery } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Link, useLocation } from 'wouter'
import { isApiError } from '../../api/errors'
import { projectDetailQuery } from '../../api/queries/projects'
import { NOT_FOUND_MESSAGE } from '../../constants'
import { notFoundRedirectPath } from '../../lib/not-found-redirect'
import { showToast } from '../../ui/toast'
import { readLastVisitedOrganization, useMfaGate, useMfaRedirect } from '../organizations'
import { areaMenuFor, projectSubpath } from './destinations'
import { ProjectMenuButton, ProjectRail } from './ProjectRail'
import { ProjectStatusContext, useProjectOrganization, useProjectStatusMachine } from './project-status'
import { useProjectDestinations } from './use-project-destinations'

/**
 * Every /project/{ref}/… screen: the rail beside it, the project's status machine under it (one
 * per project on view, shared by the gate, the home page and the assistant), and the way out when
 * the project does not exist.
 */
export function ProjectShell({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  const statusActor = useProjectStatusMachine(projectRef)
  const project = useQuery(projectDetailQuery(projectRef))
  const [, navigate] = useLocation()
  // An organization that requires MFA refuses a member without it every call about its projects: every screen of them sends such a member to the organization's page, which says why.
  const organization = useProjectOrganization(projectRef)
  useMfaRedirect(organization)
  const mfaOpen = useMfaGate(organization) === 'open'
  const missing = project.isError && isApiError(project.error) && project.error.code === 404
  useEffect(() => {
    if (!missing) return
    statusActor.stop()
    showToast('error', NOT_FOUND_MESSAGE.project, undefined, { id: `project-not-found:${projectRef}` })
    navigate(notFoundRedirectPath('project', projectRef, readLastVisitedOrganization()), { replace: true })
  }, [missing, projectRef, navigate, statusActor])

  return (
    <ProjectStatusContext.Provider value={statusActor}>
      <div className={css({ flex: '1', minH: '0', display: 'flex' })}>
        <ProjectRail projectRef={projectRef} />
        <div className={css({ flex: '1', minW: '0', display: 'flex', flexDir: 'column' })}>
          <div
            className={css({
              display: { base: 'flex', md: 'none' },
              alignItems: 'center',
              px: '2',
              py: '1',
              borderBottomWidth: '1px',
              borderColor: 'border.default',
              bg: 'bg.surface',
            })}
          >
            <ProjectMenuButton projectRef={projectRef} />
          </div>
          <div className={css({ flex: '1', minH: '0', display: 'flex' })}>
            <AreaMenu projectRef={projectRef} />
            <div className={css({ flex: '1', minW: '0', display: 'flex', flexDir: 'column' })}>{mfaOpen ? children : null}</div>
          </div>
        </div>
      </div>
    </ProjectStatusContext.Provider>
  )
}

/** The second-level menu of an area with two or more screens (Database, Integrations, Advisors…). */
function AreaMenu({ projectRef }: { projectRef: string }) {
  const [location] = useLocation()
  const { entries, context } = useProjectDestinations(projectRef)
  const subpath = projectSubpath(location, projectRef)
  const area = areaMenuFor(entries, subpath)
  if (!area) return null
  return (
    <nav
      aria-label={area.label}
      className={css({
        display: { base: 'none', md: 'flex' },
        flexDir: 'column',
        gap: '0.5',
        w: '48',
        flexShrink: 0,
        p: '3',
        borderRightWidth: '1px',
        borderColor: 'border.default',
        overflowY: 'auto',
      })}
    >
      <h2 className={css({ fontSize: 'xs', color: 'fg.subtle', textTransform: 'uppercase', letterSpacing: 'wide', px: '2', pb: '1' })}>{area.label}</h2>
      {area.pages.map((page) => (
        <Link
          key={page.id}
          href={page.path(projectRef, context)}
          aria-current={subpath !== null && page.owns(subpath) ? 'page' : undefined}
          className={css({
            px: '2',
            py: '1.5',
            borderRadius: 'md',
            fontSize: 'sm',
            color: 'fg.muted',
            textDecoration: 'none',
            _hover: { bg: 'bg.subtle', color: 'fg.default' },
            '&[aria-current=page]': { bg: 'bg.muted', color: 'fg.default', fontWeight: 'medium' },
          })}
        >
          {page.label}
        </Link>
      ))}
    </nav>
  )
}
