import { useId } from 'react'
import { css } from 'styled-system/css'
import { settings } from '../../lib/settings'
import { Badge } from '../../ui/badge'
import { ExternalLink } from '../../ui/external-link'

const cardClass = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '4', display: 'flex', flexDir: 'column', gap: '2' })
const gridClass = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))', gap: '3' })

/** The client libraries and example projects (custom content, SPEC §3): how to start building on the project. */
export function ClientLibraries() {
  const librariesId = useId()
  const examplesId = useId()
  const libraries = settings.customContent['project_homepage:client_libraries']
  const examples = settings.customContent['project_homepage:example_projects']
  return (
    <>
      {libraries.length > 0 ? (
        <section aria-labelledby={librariesId} className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <h2 id={librariesId} className={css({ fontWeight: 'semibold' })}>
            Client libraries
          </h2>
          <ul aria-labelledby={librariesId} className={gridClass}>
            {libraries.map((library) => (
              <li key={library.language} className={cardClass}>
                <span className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
                  <strong>{library.language}</strong>
                  {library.stage ? <Badge tone="warning">{library.stage}</Badge> : null}
                  <Badge tone={library.officiallySupported ? 'success' : 'neutral'}>{library.officiallySupported ? 'Officially supported' : 'Community'}</Badge>
                </span>
                <span className={css({ display: 'flex', gap: '3', fontSize: 'sm' })}>
                  <ExternalLink href={library.docsUrl}>
                    Docs<span className={css({ srOnly: true })}> for {library.language}</span>
                  </ExternalLink>
                  <ExternalLink href={library.gitUrl}>
                    Source code<span className={css({ srOnly: true })}> of {library.language}</span>
                  </ExternalLink>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {examples.length > 0 ? (
        <section aria-labelledby={examplesId} className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <h2 id={examplesId} className={css({ fontWeight: 'semibold' })}>
            Example projects
          </h2>
          <ul aria-labelledby={examplesId} className={gridClass}>
            {examples.map((example) => (
              <li key={example.url} className={cardClass}>
                <ExternalLink href={example.url}>{example.title}</ExternalLink>
                <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{example.description}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
}
