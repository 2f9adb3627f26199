/**
 * supabase_vault's SQL surface: `vault.secrets` (ciphertext only), `vault.decrypted_secrets` (the
 * one place plaintext appears), `vault.create_secret` and `vault.update_secret`. The real extension
 * encrypts with libsodium's AEAD through three C functions; here the same job is done with pgcrypto,
 * encrypt-then-MAC: AES-256-CBC with a fresh random IV, then HMAC-SHA-256 over key id, IV and
 * ciphertext, checked before anything is decrypted (a changed byte is refused, not misread). Keys
 * are derived per key id from a root key the API roles cannot read, made with the database's first
 * secret: databases started from the seeded template (a public file, with the vault every project
 * has: platform-layer.ts) never share one.
 *
 * `@extschema:pgcrypto@` is pgcrypto's schema (Postgres 16+ fills it in for an extension script;
 * `installShim` does on a server where the script runs as plain SQL).
 */
import { privateSchemaSql } from '../private-schema.ts'

export const SUPABASE_VAULT_VERSION = '0.3.1'

const PGCRYPTO = '@extschema:pgcrypto@'

export const SUPABASE_VAULT_SCRIPT = `
create schema vault;

-- The root key: readable by its owner only, so only the functions below (security definer) use it.
-- Made by the first secret's seal (below), not here.
create table vault._root_key (
  id boolean primary key default true check (id),
  key bytea not null
);
revoke all on vault._root_key from public;

create table vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid not null default '00000000-0000-4000-8000-000000000001'::uuid,
  nonce bytea,
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);
comment on table vault.secrets is 'Table with encrypted secrets and their metadata';
create unique index secrets_name_idx on vault.secrets (name) where name is not null;

create function vault._key(key_id uuid, purpose text) returns bytea
language sql stable security definer set search_path = pg_catalog, pg_temp as $fn$
  select ${PGCRYPTO}.hmac(convert_to(key_id::text || ':' || purpose, 'UTF8'), key, 'sha256') from vault._root_key
$fn$;

create function vault._encrypt(plaintext text, key_id uuid, iv bytea) returns text
language plpgsql stable security definer set search_path = pg_catalog, pg_temp as $fn$
declare
  ciphertext bytea := ${PGCRYPTO}.encrypt_iv(convert_to(plaintext, 'UTF8'), vault._key(key_id, 'encrypt'), iv, 'aes-cbc/pad:pkcs');
  tag bytea := ${PGCRYPTO}.hmac(convert_to(key_id::text, 'UTF8') || iv || ciphertext, vault._key(key_id, 'authenticate'), 'sha256');
begin
  -- One line: Postgres breaks base64 every 76 characters.
  return replace(encode(ciphertext || tag, 'base64'), E'\\n', '');
end
$fn$;

create function vault._decrypt(stored text, key_id uuid, iv bytea) returns text
language plpgsql stable security definer set search_path = pg_catalog, pg_temp as $fn$
declare
  sealed bytea := decode(stored, 'base64');
  ciphertext bytea := substring(sealed from 1 for length(sealed) - 32);
  tag bytea := substring(sealed from length(sealed) - 31);
begin
  if tag is distinct from ${PGCRYPTO}.hmac(convert_to(key_id::text, 'UTF8') || iv || ciphertext, vault._key(key_id, 'authenticate'), 'sha256') then
    raise exception 'vault: secret % failed authentication', key_id using errcode = '22023';
  end if;
  return convert_from(${PGCRYPTO}.decrypt_iv(ciphertext, vault._key(key_id, 'encrypt'), iv, 'aes-cbc/pad:pkcs'), 'UTF8');
end
$fn$;

-- Whatever writes a secret (the functions, or a plain INSERT/UPDATE) stores it encrypted.
create function vault._seal() returns trigger
language plpgsql security definer set search_path = pg_catalog, pg_temp as $fn$
begin
  if tg_op = 'INSERT' or new.secret is distinct from old.secret or new.key_id is distinct from old.key_id then
    insert into vault._root_key (key) values (${PGCRYPTO}.gen_random_bytes(32)) on conflict (id) do nothing;
    new.nonce := ${PGCRYPTO}.gen_random_bytes(16);
    new.secret := vault._encrypt(new.secret, new.key_id, new.nonce);
  end if;
  return new;
end
$fn$;
create trigger secrets_encrypt_secret_trigger_secret before insert or update of secret, key_id on vault.secrets
  for each row execute function vault._seal();

create view vault.decrypted_secrets as
  select s.id, s.name, s.description, s.secret,
         vault._decrypt(s.secret, s.key_id, s.nonce) as decrypted_secret,
         s.key_id, s.nonce, s.created_at, s.updated_at
    from vault.secrets s;

create function vault.create_secret(new_secret text, new_name text default null, new_description text default '', new_key_id uuid default null)
returns uuid language sql as $fn$
  insert into vault.secrets (secret, name, description, key_id)
  values (new_secret, new_name, coalesce(new_description, ''), coalesce(new_key_id, '00000000-0000-4000-8000-000000000001'::uuid))
  returning id
$fn$;

create function vault.update_secret(secret_id uuid, new_secret text default null, new_name text default null, new_description text default null, new_key_id uuid default null)
returns void language plpgsql as $fn$
begin
  update vault.secrets
     set secret = coalesce(new_secret, secret),
         name = coalesce(new_name, name),
         description = coalesce(new_description, description),
         key_id = coalesce(new_key_id, key_id),
         updated_at = current_timestamp
   where id = secret_id;
  if not found then
    raise exception 'vault: no secret with id %', secret_id using errcode = 'P0002';
  end if;
end
$fn$;

-- As on the platform: the dashboard's role and service_role, never the API's anon or signed-in users,
-- nor a read-only member's role (granted what the owner makes, but not this: private-schema.ts).
${privateSchemaSql('vault')}
grant usage on schema vault to service_role;
grant select, insert, update, delete on vault.secrets, vault.decrypted_secrets to service_role;
-- A view's caller needs EXECUTE on the functions it calls: _decrypt is what reading decrypted_secrets takes.
grant execute on function vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid), vault._decrypt(text, uuid, bytea) to service_role;
`
