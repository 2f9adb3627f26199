/** The mock platform's GraphQL (pg_graphql's API over graphql-js), loaded by its endpoint on first use. */
export { runGraphql, type GraphqlAnswer, type GraphqlRequest } from './execute.ts'
export { schemaFor } from './schema-cache.ts'
