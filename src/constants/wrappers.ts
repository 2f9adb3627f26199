// The wrapper kinds the wrappers screen offers (SPEC §1 "wrappers"): Postgres foreign data wrappers
// to other services, with the options each needs and which of them are secret. Data only.

export interface WrapperOption {
  name: string
  label: string
  required: boolean
  /** Kept out of the catalogue: stored apart, the server option names where (`<name>_id`). */
  secret?: boolean
  placeholder?: string
  defaultValue?: string
}

export interface WrapperObject {
  /** What the service calls it (the foreign table's `object` / `table` option). */
  name: string
  /** The foreign table's columns. */
  columns: readonly { name: string; type: string }[]
}

export interface WrapperKind {
  id: string
  name: string
  description: string
  docs: string
  /** The handler and validator functions the real `wrappers` extension provides. */
  handler: string
  validator: string
  serverOptions: readonly WrapperOption[]
  /** The option naming what a foreign table reads (`object`, `table`, `uri`…). */
  tableOption: string
  objects: readonly WrapperObject[]
}

const DOCS = 'https://supabase.com/docs/guides/database/extensions/wrappers'
const text = (...names: string[]) => names.map((name) => ({ name, type: 'text' }))

export const WRAPPER_KINDS: readonly WrapperKind[] = [
  {
    id: 'stripe',
    name: 'Stripe',
    description: 'Payments, customers and subscriptions from Stripe.',
    docs: `${DOCS}/stripe`,
    handler: 'stripe_fdw_handler',
    validator: 'stripe_fdw_validator',
    serverOptions: [
      { name: 'api_key', label: 'Stripe secret key', required: true, secret: true, placeholder: 'sk_test_…' },
      { name: 'api_url', label: 'API URL', required: false, defaultValue: 'https://api.stripe.com/v1/' },
    ],
    tableOption: 'object',
    objects: [
      { name: 'customers', columns: [...text('id', 'email', 'name', 'description'), { name: 'created', type: 'timestamp' }, { name: 'attrs', type: 'jsonb' }] },
      { name: 'charges', columns: [...text('id', 'customer', 'currency', 'status'), { name: 'amount', type: 'bigint' }, { name: 'created', type: 'timestamp' }] },
      { name: 'subscriptions', columns: [...text('id', 'customer', 'currency', 'status'), { name: 'current_period_end', type: 'timestamp' }] },
    ],
  },
  {
    id: 'firebase',
    name: 'Firebase',
    description: 'Auth users and Firestore collections from Firebase.',
    docs: `${DOCS}/firebase`,
    handler: 'firebase_fdw_handler',
    validator: 'firebase_fdw_validator',
    serverOptions: [
      { name: 'project_id', label: 'Project id', required: true, placeholder: 'my-firebase-project' },
      { name: 'sa_key', label: 'Service account key (JSON)', required: true, secret: true },
    ],
    tableOption: 'object',
    objects: [
      { name: 'auth/users', columns: [...text('uid', 'email'), { name: 'created_at', type: 'timestamp' }, { name: 'attrs', type: 'jsonb' }] },
      { name: 'firestore/orders', columns: [...text('name'), { name: 'fields', type: 'jsonb' }, { name: 'created_at', type: 'timestamp' }] },
    ],
  },
  {
    id: 's3',
    name: 'S3',
    description: 'CSV and JSON files in an S3 bucket, read as tables.',
    docs: `${DOCS}/s3`,
    handler: 's3_fdw_handler',
    validator: 's3_fdw_validator',
    serverOptions: [
      { name: 'aws_access_key_id', label: 'Access key id', required: true, secret: true },
      { name: 'aws_secret_access_key', label: 'Secret access key', required: true, secret: true },
      { name: 'aws_region', label: 'Region', required: true, defaultValue: 'us-east-1' },
    ],
    tableOption: 'uri',
    objects: [{ name: 's3://my-bucket/exports/orders.csv', columns: [...text('order_id', 'customer_email', 'status'), { name: 'total', type: 'numeric' }] }],
  },
  {
    id: 'clickhouse',
    name: 'ClickHouse',
    description: 'Tables of a ClickHouse database.',
    docs: `${DOCS}/clickhouse`,
    handler: 'click_house_fdw_handler',
    validator: 'click_house_fdw_validator',
    serverOptions: [{ name: 'conn_string', label: 'Connection string', required: true, secret: true, placeholder: 'tcp://user:password@host:9000/default' }],
    tableOption: 'table',
    objects: [{ name: 'events', columns: [{ name: 'id', type: 'bigint' }, ...text('name', 'path'), { name: 'occurred_at', type: 'timestamp' }] }],
  },
  {
    id: 'bigquery',
    name: 'BigQuery',
    description: 'Tables of a BigQuery dataset.',
    docs: `${DOCS}/bigquery`,
    handler: 'big_query_fdw_handler',
    validator: 'big_query_fdw_validator',
    serverOptions: [
      { name: 'sa_key', label: 'Service account key (JSON)', required: true, secret: true },
      { name: 'project_id', label: 'Project id', required: true },
      { name: 'dataset_id', label: 'Dataset id', required: true },
    ],
    tableOption: 'table',
    objects: [{ name: 'daily_sales', columns: [{ name: 'day', type: 'date' }, ...text('region'), { name: 'revenue', type: 'numeric' }] }],
  },
  {
    id: 'airtable',
    name: 'Airtable',
    description: 'Tables of an Airtable base.',
    docs: `${DOCS}/airtable`,
    handler: 'airtable_fdw_handler',
    validator: 'airtable_fdw_validator',
    serverOptions: [{ name: 'api_key', label: 'Personal access token', required: true, secret: true, placeholder: 'pat…' }],
    tableOption: 'table_id',
    objects: [{ name: 'tblContacts', columns: [...text('name', 'email', 'company'), { name: 'fields', type: 'jsonb' }] }],
  },
  {
    id: 'logflare',
    name: 'Logflare',
    description: 'Log events from a Logflare endpoint.',
    docs: `${DOCS}/logflare`,
    handler: 'logflare_fdw_handler',
    validator: 'logflare_fdw_validator',
    serverOptions: [{ name: 'api_key', label: 'API key', required: true, secret: true }],
    tableOption: 'endpoint',
    objects: [{ name: 'recent_errors', columns: [...text('id', 'event_message'), { name: 'timestamp', type: 'timestamp' }, { name: 'metadata', type: 'jsonb' }] }],
  },
]
