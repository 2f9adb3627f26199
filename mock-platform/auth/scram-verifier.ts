/**
 * A PostgreSQL SCRAM-SHA-256 password verifier (RFC 5802/7677, as Postgres stores it in
 * `pg_authid.rolpassword`): `ALTER ROLE … PASSWORD '<verifier>'` sets a password without the
 * password itself ever reaching the server, its statement log or `pg_stat_statements`. WebCrypto,
 * so the handler that sets a project's database password runs in the page and in node alike.
 */
const ITERATIONS = 4096
const SALT_BYTES = 16

const encoder = new TextEncoder()

function base64(bytes: ArrayBuffer | Uint8Array): string {
  let text = ''
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte)
  return btoa(text)
}

async function hmac(key: ArrayBuffer, message: string): Promise<ArrayBuffer> {
  const imported = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return crypto.subtle.sign('HMAC', imported, encoder.encode(message))
}

/**
 * The verifier of `password` with `salt` (random when not given). Postgres prepares a password with
 * SASLprep; for the passwords this platform accepts (scored, printable) NFKC is what that amounts to.
 */
export async function scramVerifier(password: string, salt: Uint8Array<ArrayBuffer> = crypto.getRandomValues(new Uint8Array(SALT_BYTES)), iterations = ITERATIONS): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password.normalize('NFKC')), 'PBKDF2', false, ['deriveBits'])
  const salted = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256)
  const clientKey = await hmac(salted, 'Client Key')
  const storedKey = await crypto.subtle.digest('SHA-256', clientKey)
  const serverKey = await hmac(salted, 'Server Key')
  return `SCRAM-SHA-256$${iterations}:${base64(salt)}$${base64(storedKey)}:${base64(serverKey)}`
}
