/**
 * SPEC §3 feature previews. The key strings carry a product prefix SPEC does not show; ours is
 * `studio-ui-preview-`. `remoteFlag` names the platform feature flag a preview also needs (SPEC §5:
 * branching, advisor rules, unified logs and the storage item); the others are always shown.
 */
export interface FeaturePreview {
  key: string
  name: string
  description: string
  isNew: boolean
  isPlatformOnly: boolean
  /** Listed only once released to the public (SPEC §5). */
  isReleased: boolean
  discussionsUrl: string
  remoteFlag?: string
  /** What the preview does not do yet, listed in its details. */
  limitations?: readonly string[]
}

const DISCUSSIONS = 'https://github.com/orgs/supabase/discussions'

export const FEATURE_PREVIEW_MODAL_PARAM = 'featurePreviewModal'
/** Where people ask for previews when none is available (SPEC §2). */
export const FEATURE_PREVIEW_DISCUSSION_BOARD = `${DISCUSSIONS}?discussions_q=is%3Aopen+label%3A%22feature-preview%22`

export const FEATURE_PREVIEWS = [
  {
    key: 'studio-ui-preview-branching-2-0',
    name: 'Branching via dashboard',
    description:
      'Create, review and merge preview branches from the dashboard (Branching 2.0): branches get their own database built from your migrations, without a Git connection.',
    isNew: true,
    isPlatformOnly: true,
    isReleased: true,
    discussionsUrl: `${DISCUSSIONS}/branching-2-0`,
    remoteFlag: 'dashboard_branching',
    // SPEC §9 "Branching preview limitations", word for word.
    limitations: [
      'Custom roles made in the dashboard are not captured.',
      'Merge only into main.',
      'Out-of-date branches can pull from main, which overwrites functions.',
      'Function deletion is manual on main.',
      'Migration conflicts are resolved manually on the preview branch.',
      'If migrations ran on main, new branches build from migrations.',
      'Column privileges are not captured in migration diffs.',
    ],
  },
  {
    key: 'studio-ui-preview-advisor-rules',
    name: 'Disabling Advisor rules',
    description: 'Turn off individual Security and Performance Advisor rules for a project, so known and accepted findings stop showing.',
    isNew: true,
    isPlatformOnly: true,
    isReleased: true,
    discussionsUrl: `${DISCUSSIONS}/advisor-rules`,
    remoteFlag: 'advisor_rules',
  },
  {
    key: 'studio-ui-preview-unified-logs',
    name: 'New Logs interface',
    description: 'One log view across every service of a project, with shared filters, a timeline chart and request tracing.',
    isNew: true,
    isPlatformOnly: true,
    isReleased: true,
    discussionsUrl: `${DISCUSSIONS}/unified-logs`,
    remoteFlag: 'unified_logs',
  },
  {
    key: 'studio-ui-preview-new-storage',
    name: 'New Storage interface',
    description: 'A redesigned Storage explorer with analytics and vector buckets beside file buckets.',
    isNew: true,
    isPlatformOnly: false,
    isReleased: true,
    discussionsUrl: `${DISCUSSIONS}/new-storage-interface`,
    remoteFlag: 'storage_analytics_vector',
  },
  {
    key: 'studio-ui-preview-api-side-panel',
    name: 'Project API documentation',
    description: "Open your project's API documentation in a side panel beside any screen, with snippets generated for your own tables.",
    isNew: false,
    isPlatformOnly: false,
    isReleased: true,
    discussionsUrl: `${DISCUSSIONS}/api-side-panel`,
  },
  {
    key: 'studio-ui-preview-column-privileges',
    name: 'Column-level privileges',
    description: 'Grant and revoke SELECT, INSERT, UPDATE and REFERENCES per column and role, from the database settings.',
    isNew: false,
    isPlatformOnly: false,
    isReleased: true,
    discussionsUrl: `${DISCUSSIONS}/column-level-privileges`,
  },
  {
    key: 'studio-ui-preview-inline-editor',
    name: 'Edit database entities inline',
    description: 'Edit functions, policies and triggers as SQL in an inline editor instead of a form.',
    isNew: true,
    isPlatformOnly: false,
    isReleased: true,
    discussionsUrl: `${DISCUSSIONS}/inline-editor`,
  },
] as const satisfies readonly FeaturePreview[]

export type FeaturePreviewKey = (typeof FEATURE_PREVIEWS)[number]['key']

/** Named keys, for code that asks whether one preview is on. */
export const PREVIEW = {
  branching: 'studio-ui-preview-branching-2-0',
  advisorRules: 'studio-ui-preview-advisor-rules',
  unifiedLogs: 'studio-ui-preview-unified-logs',
  newStorage: 'studio-ui-preview-new-storage',
  apiSidePanel: 'studio-ui-preview-api-side-panel',
  columnPrivileges: 'studio-ui-preview-column-privileges',
  inlineEditor: 'studio-ui-preview-inline-editor',
} as const satisfies Record<string, FeaturePreviewKey>

/** SPEC §7 telemetry actions of a preview toggle. */
export const FEATURE_PREVIEW_TELEMETRY = { enabled: 'feature_preview_enabled', disabled: 'feature_preview_disabled' } as const
/** Group value when the toggle happens outside a project or organization (SPEC §7). */
export const TELEMETRY_UNKNOWN_GROUP = 'Unknown'
/** PLATFORM-API §12: the remote feature flags, with the optional cloud_provider attribute. */
export const FEATURE_FLAGS_PATH = '/platform/telemetry/feature-flags'
