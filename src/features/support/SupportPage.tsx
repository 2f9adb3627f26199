import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Link, useLocation, useSearch } from 'wouter'
import { supportFormMachine, visibleError, type SupportFormContext, type SupportFormEvent } from '../../../machines/support-form.machine'
import { organizationProjectsQuery, organizationsQuery } from '../../api/queries/organizations'
import { profileQuery } from '../../api/queries/profile'
import { sendSupportTicket } from '../../api/queries/support'
import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_MESSAGE,
  SUPPORT_SEVERITIES,
  SUPPORT_SEVERITY_HINTS,
  SUPPORT_TICKET_LIMITS,
  type SupportCategory,
  type SupportSeverity,
} from '../../constants'
import { supportDraftFromQuery, type SupportTicketField } from '../../lib/support-ticket'
import { HOME_PATH } from '../../lib/home-path'
import { Button } from '../../ui/button'
import { describedBy, fieldHintClass, FormField, inputClass, ValueOptions } from '../../ui/field'
import { summaryListClass } from '../../ui/summary-list'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { useInspectedMachine } from '../../ui/use-inspected-machine'

const shellClass = css({ maxW: '3xl', mx: 'auto', px: '6', py: '8', display: 'flex', flexDir: 'column', gap: '6' })
const cardClass = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', boxShadow: 'sm' })
const gridClass = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })
const textareaClass = css({ h: 'auto', minH: '48', py: '2', lineHeight: '1.5', resize: 'vertical', fontFamily: 'inherit' })

const categoryLabel = (category: string) => SUPPORT_CATEGORY_LABELS[category as SupportCategory]?.label ?? category

/** Field ids, so labels, messages and "focus the first mistake" all find the control. */
const fieldId = (field: SupportTicketField) => `support-${field}`
const FIELD_ORDER: SupportTicketField[] = ['category', 'severity', 'organizationSlug', 'projectRef', 'subject', 'message']

/** A labelled control with its message (once touched or submitted) or its hint, tied to it for screen readers. */
function Field({ field, ...rest }: { field: SupportTicketField; label: string; error: string | null; hint?: ReactNode; children: ReactNode }) {
  return <FormField id={fieldId(field)} {...rest} />
}

/** Attributes that tie a control to its message or hint. */
const described = (field: SupportTicketField, error: string | null, hasHint: boolean) => describedBy(fieldId(field), error, hasHint)

/** /support/new: the support form, prefilled from the link of the error screen (SPEC §2). */
export default function SupportPage() {
  const search = useSearch()
  const [, navigate] = useLocation()
  // Read once: the form owns the values from then on.
  const [initialValues] = useState(() => supportDraftFromQuery(search))
  const machine = useMemo(
    () => supportFormMachine.provide({ actors: { submit: fromPromiseUntilStopped(({ input, signal }) => sendSupportTicket(input, { signal })) } }),
    [],
  )
  const [snapshot, send] = useInspectedMachine(machine, { input: { values: initialValues } })
  const { context } = snapshot

  if (snapshot.matches('sent')) {
    return (
      <SentScreen
        context={context}
        onAnother={() => {
          send({ type: 'restart' })
          // Drop the prefilled query: it belonged to the request just sent.
          navigate('/support/new', { replace: true })
        }}
      />
    )
  }
  return <SupportForm context={context} submitting={snapshot.matches('submitting')} send={send} />
}

function SupportForm({ context, submitting, send }: { context: SupportFormContext; submitting: boolean; send: (event: SupportFormEvent) => void }) {
  const { values } = context
  const organizations = useQuery(organizationsQuery())
  const projects = useInfiniteQuery({ ...organizationProjectsQuery(values.organizationSlug || undefined), enabled: values.organizationSlug !== '' })
  const projectList = useMemo(() => projects.data?.pages.flatMap((page) => page.projects) ?? [], [projects.data])
  const sendErrorRef = useRef<HTMLParagraphElement>(null)

  // A select lists every project of the organization, so read the remaining pages too.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = projects
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  useEffect(() => {
    if (context.sendError) sendErrorRef.current?.focus()
  }, [context.sendError])

  const change = (field: SupportTicketField) => (event: { target: { value: string } }) => send({ type: 'field.change', field, value: event.target.value })
  const blur = (field: SupportTicketField) => () => send({ type: 'field.blur', field })
  const error = (field: SupportTicketField) => visibleError(context, field)

  function submit(event: FormEvent) {
    event.preventDefault()
    const firstMistake = FIELD_ORDER.find((field) => context.errors[field])
    send({ type: 'submit' })
    if (firstMistake) document.getElementById(fieldId(firstMistake))?.focus()
  }

  const category = values.category as SupportCategory | ''
  const messageLength = values.message.trim().length
  const organizationChosen = values.organizationSlug !== ''

  return (
    <div className={shellClass}>
      <header className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{SUPPORT_MESSAGE.title}</h1>
        <p className={css({ color: 'fg.muted' })}>{SUPPORT_MESSAGE.intro}</p>
      </header>

      <form onSubmit={submit} noValidate aria-label="Support request" className={cardClass}>
        <fieldset disabled={submitting} className={css({ border: '0', m: '0', p: '6', minW: '0', display: 'flex', flexDir: 'column', gap: '5' })}>
          <div className={gridClass}>
            <Field
              field="category"
              label="Category"
              error={error('category')}
              hint={category ? SUPPORT_CATEGORY_LABELS[category].hint : 'What is your request about?'}
            >
              <select
                className={inputClass}
                value={values.category}
                onChange={change('category')}
                onBlur={blur('category')}
                {...described('category', error('category'), true)}
              >
                <option value="" disabled>
                  Choose a category
                </option>
                {SUPPORT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {SUPPORT_CATEGORY_LABELS[c].label}
                  </option>
                ))}
              </select>
            </Field>
            <Field field="severity" label="Severity" error={error('severity')} hint={SUPPORT_SEVERITY_HINTS[values.severity as SupportSeverity]}>
              <select
                className={inputClass}
                value={values.severity}
                onChange={change('severity')}
                onBlur={blur('severity')}
                {...described('severity', error('severity'), true)}
              >
                <ValueOptions values={SUPPORT_SEVERITIES} />
              </select>
            </Field>
          </div>

          <div className={gridClass}>
            <Field
              field="organizationSlug"
              label="Organization"
              error={error('organizationSlug')}
              hint={organizations.isError ? `Could not load your organizations: ${organizations.error.message}` : 'Optional: the organization this is about.'}
            >
              <select
                className={inputClass}
                value={values.organizationSlug}
                onChange={change('organizationSlug')}
                onBlur={blur('organizationSlug')}
                {...described('organizationSlug', error('organizationSlug'), true)}
              >
                <option value="">{organizations.isPending ? 'Loading organizations…' : 'No specific organization'}</option>
                {organizations.data?.map((org) => (
                  <option key={org.slug} value={org.slug}>
                    {org.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              field="projectRef"
              label="Project"
              error={error('projectRef')}
              hint={
                !organizationChosen
                  ? 'Choose an organization first.'
                  : projects.isError
                    ? `Could not load the projects: ${projects.error.message}`
                    : !projects.isPending && projectList.length === 0
                      ? 'This organization has no projects.'
                      : 'Optional: the project this is about.'
              }
            >
              <select
                className={inputClass}
                value={values.projectRef}
                onChange={change('projectRef')}
                onBlur={blur('projectRef')}
                disabled={!organizationChosen}
                {...described('projectRef', error('projectRef'), true)}
              >
                <option value="">{organizationChosen && projects.isPending ? 'Loading projects…' : 'No specific project'}</option>
                {projectList.map((project) => (
                  <option key={project.ref} value={project.ref}>
                    {project.name}
                  </option>
                ))}
              </select>
            </Field>
          </div>

          <Field field="subject" label="Subject" error={error('subject')} hint="A short summary of the problem.">
            <input
              className={inputClass}
              value={values.subject}
              maxLength={SUPPORT_TICKET_LIMITS.subjectMax}
              onChange={change('subject')}
              onBlur={blur('subject')}
              {...described('subject', error('subject'), true)}
            />
          </Field>

          <Field
            field="message"
            label="Message"
            error={error('message')}
            hint={`What happened, what you expected, and the steps to see it again. ${messageLength.toLocaleString('en-US')} / ${SUPPORT_TICKET_LIMITS.messageMax.toLocaleString('en-US')} characters.`}
          >
            <textarea
              className={cx(inputClass, textareaClass)}
              value={values.message}
              rows={10}
              maxLength={SUPPORT_TICKET_LIMITS.messageMax}
              onChange={change('message')}
              onBlur={blur('message')}
              {...described('message', error('message'), true)}
            />
          </Field>

          {values.dashboardSentryIssueId ? (
            <p data-testid="support-error-report" className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' })}>
              <span aria-hidden="true" className={css({ w: '2', h: '2', borderRadius: 'full', bg: 'danger.default', flexShrink: '0' })} />
              <span>
                {SUPPORT_MESSAGE.errorReport(values.dashboardSentryIssueId)}
                <span className={fieldHintClass}> — attached so we can find the crash.</span>
              </span>
            </p>
          ) : null}
        </fieldset>

        {context.sendError ? (
          <p
            ref={sendErrorRef}
            tabIndex={-1}
            role="alert"
            className={css({
              mx: '6',
              mb: '4',
              p: '3',
              borderRadius: 'md',
              borderWidth: '1px',
              borderColor: 'danger.default',
              bg: 'danger.subtle',
              fontSize: 'sm',
            })}
          >
            {SUPPORT_MESSAGE.sendFailed(context.sendError)}
          </p>
        ) : null}

        <div
          className={css({
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            px: '6',
            py: '4',
            borderTopWidth: '1px',
            borderColor: 'border.default',
          })}
        >
          <Link href={HOME_PATH} className={css({ color: 'fg.muted', fontSize: 'sm', _hover: { color: 'fg.default' } })}>
            Cancel
          </Link>
          <Button type="submit" variant="primary" loading={submitting}>
            {submitting ? SUPPORT_MESSAGE.submitting : SUPPORT_MESSAGE.submit}
          </Button>
        </div>
      </form>
    </div>
  )
}

function SentScreen({ context, onAnother }: { context: SupportFormContext; onAnother: () => void }) {
  const profile = useQuery(profileQuery())
  const organizations = useQuery(organizationsQuery())
  const request = context.request!
  const organization = organizations.data?.find((o) => o.slug === request.organizationSlug)
  // Cached from the form's project select: the summary names the project instead of quoting its ref.
  const projects = useInfiniteQuery({ ...organizationProjectsQuery(request.organizationSlug), enabled: Boolean(request.projectRef) })
  const project = projects.data?.pages.flatMap((page) => page.projects).find((p) => p.ref === request.projectRef)
  const rows: [string, string][] = [
    ['Category', categoryLabel(request.category)],
    ['Severity', request.severity],
    ...(request.organizationSlug ? [['Organization', organization?.name ?? request.organizationSlug] as [string, string]] : []),
    ...(request.projectRef ? [['Project', project ? `${project.name} (${request.projectRef})` : request.projectRef] as [string, string]] : []),
    ['Subject', request.subject],
    ...(request.dashboardSentryIssueId ? [['Error report', request.dashboardSentryIssueId] as [string, string]] : []),
  ]
  return (
    <div className={shellClass}>
      <section aria-labelledby="support-sent-title" className={cx(cardClass, css({ p: '8', display: 'flex', flexDir: 'column', gap: '5' }))}>
        <span
          aria-hidden="true"
          className={css({ w: '10', h: '10', borderRadius: 'full', display: 'grid', placeItems: 'center', bg: 'accent.subtle', color: 'accent.default' })}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M4.5 10.5l3.5 3.5 7.5-8" />
          </svg>
        </span>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
          <h1 id="support-sent-title" className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
            {SUPPORT_MESSAGE.sentTitle}
          </h1>
          <p className={css({ color: 'fg.muted' })}>
            {context.ticketId ? SUPPORT_MESSAGE.sentReference(context.ticketId) : null}
            {profile.data ? ` · ${SUPPORT_MESSAGE.sentReply(profile.data.primary_email)}` : null}
          </p>
        </div>
        <dl
          aria-label="Request summary"
          className={cx(summaryListClass, css({ bg: 'bg.muted', borderRadius: 'md', p: '4', '& dd': { m: '0', wordBreak: 'break-word' } }))}
        >
          {rows.map(([term, value]) => (
            <div key={term} className={css({ display: 'contents' })}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
          <Link href={HOME_PATH} className={cx(button({ variant: 'primary' }), css({ textDecoration: 'none' }))}>
            {SUPPORT_MESSAGE.backToDashboard}
          </Link>
          <Button onClick={onAnother}>{SUPPORT_MESSAGE.openAnother}</Button>
        </div>
      </section>
    </div>
  )
}
