// SPEC §3 "Custom content keys" and "Client libraries": what an operator may replace (README,
// settings: STUDIO_CUSTOM_CONTENT) and what the dashboard shows when they do not.
import { CLOUD_PROVIDER_IDS, PRIVACY_POLICY_URL, type CloudProvider } from './platform'

export interface ClientLibrary {
  language: string
  /** A stage after the name, e.g. alpha. */
  stage?: string
  officiallySupported: boolean
  docsUrl: string
  gitUrl: string
}

export interface ExampleProject {
  title: string
  description: string
  url: string
}

export interface LegalDocument {
  name: string
  url: string
}

/** The custom content, key by key as the platform names them. */
export interface CustomContent {
  'app:title': string
  /** A single sign-on provider the sign-in page offers besides email (null: none). */
  'dashboard_auth:custom_provider': string | null
  'organization:legal_documents': LegalDocument[]
  'project_homepage:client_libraries': ClientLibrary[]
  'project_homepage:example_projects': ExampleProject[]
  'logs:default_query': string
  'infrastructure:cloud_providers': CloudProvider[]
  'ssl:certificate_url': string
}

const DOCS = 'https://supabase.com/docs/reference'
const GIT = 'https://github.com/supabase'

export const CLIENT_LIBRARIES: ClientLibrary[] = [
  { language: 'JavaScript', officiallySupported: true, docsUrl: `${DOCS}/javascript/introduction`, gitUrl: `${GIT}/supabase-js` },
  { language: 'Flutter', officiallySupported: true, docsUrl: `${DOCS}/dart/introduction`, gitUrl: `${GIT}/supabase-flutter` },
  { language: 'Python', stage: 'alpha', officiallySupported: true, docsUrl: `${DOCS}/python/introduction`, gitUrl: `${GIT}/supabase-py` },
  { language: 'C#', officiallySupported: false, docsUrl: `${DOCS}/csharp/introduction`, gitUrl: 'https://github.com/supabase-community/supabase-csharp' },
  { language: 'Swift', officiallySupported: true, docsUrl: `${DOCS}/swift/introduction`, gitUrl: `${GIT}/supabase-swift` },
  { language: 'Kotlin', officiallySupported: false, docsUrl: `${DOCS}/kotlin/introduction`, gitUrl: 'https://github.com/supabase-community/supabase-kt' },
]

export const DEFAULT_CUSTOM_CONTENT: CustomContent = {
  'app:title': 'Studio',
  'dashboard_auth:custom_provider': null,
  'organization:legal_documents': [
    { name: 'Privacy Policy', url: PRIVACY_POLICY_URL },
    { name: 'Terms of Service', url: 'https://supabase.com/terms' },
    { name: 'Data Processing Addendum', url: 'https://supabase.com/legal/dpa' },
  ],
  'project_homepage:client_libraries': CLIENT_LIBRARIES,
  'project_homepage:example_projects': [
    { title: 'Todo list', description: 'Row-level security per user, with the JavaScript client.', url: `${GIT}/supabase/tree/master/examples/todo-list` },
    { title: 'User management', description: 'Sign-up, profiles and avatars in storage.', url: `${GIT}/supabase/tree/master/examples/user-management` },
    { title: 'Realtime chat', description: 'Channels, presence and broadcast.', url: `${GIT}/supabase/tree/master/examples/realtime` },
  ],
  'logs:default_query': 'select id, timestamp, event_message, level, status_code, path from edge_logs\norder by timestamp desc\nlimit 100',
  'infrastructure:cloud_providers': [...CLOUD_PROVIDER_IDS],
  'ssl:certificate_url': 'https://supabase-downloads.s3-ap-southeast-1.amazonaws.com/prod/ssl/prod-ca-2021.crt',
}

/** The environment setting naming the JSON file that overrides some of these (read by the dev server and the build). */
export const CUSTOM_CONTENT_SETTING = 'STUDIO_CUSTOM_CONTENT'
