/**
 * pg_cron's SQL surface (`cron.job`, `cron.job_run_details`, `cron.schedule`, `cron.unschedule`,
 * `cron.alter_job`, `cron.schedule_in_database`), shaped like pg_cron 1.6: the same columns, the
 * upsert by (jobname, username) of a named schedule, row-level security by username. The real
 * extension runs jobs from a background worker; PGlite has none, so the mock platform is that
 * worker (`mock-platform/cron/cron-scheduler.ts`): it reads the active jobs, runs each due command under
 * the job's role and writes `job_run_details`.
 *
 * The schedule is checked here with the rules and messages of `src/lib/cron-schedule.ts` (the job
 * form checks first; this is what the SQL editor meets). An empty command is refused too.
 * The functions are SECURITY INVOKER: the caller's `current_user` owns the job, and row-level
 * security keeps a role to its own jobs (a superuser, who bypasses it, may schedule for anyone).
 */
export const PG_CRON_VERSION = '1.6'

export const PG_CRON_SCRIPT = `
create schema cron;

create sequence cron.jobid_seq;
create table cron.job (
  jobid bigint primary key default nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  -- PGlite has no port: the default one stands in.
  nodeport integer not null default coalesce(inet_server_port(), 5432),
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname name,
  constraint jobname_username_uniq unique (jobname, username)
);
alter sequence cron.jobid_seq owned by cron.job.jobid;
grant select, insert, update, delete on cron.job to public;
grant usage on sequence cron.jobid_seq to public;
alter table cron.job enable row level security;
create policy cron_job_policy on cron.job using (username operator(pg_catalog.=) current_user);

create sequence cron.runid_seq;
create table cron.job_run_details (
  jobid bigint,
  runid bigint primary key default nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
alter sequence cron.runid_seq owned by cron.job_run_details.runid;
-- Not in pg_cron: a job's history is read newest first, a page at a time.
create index job_run_details_jobid_runid_idx on cron.job_run_details (jobid, runid desc);
grant select, delete on cron.job_run_details to public;
alter table cron.job_run_details enable row level security;
create policy cron_job_run_details_policy on cron.job_run_details using (username operator(pg_catalog.=) current_user);

-- Why pg_cron would refuse the schedule, or null (the rules of src/lib/cron-schedule.ts, word for word).
create function cron._schedule_problem(schedule text) returns text
language plpgsql immutable set search_path = pg_catalog as $fn$
declare
  spec text := lower(btrim(coalesce(schedule, '')));
  shown text := btrim(coalesce(schedule, ''));
  fields text[];
  field_names text[] := array['minute', 'hour', 'day of month', 'month', 'day of week'];
  lows numeric[] := array[0, 0, 1, 1, 0];
  highs numeric[] := array[59, 23, 31, 12, 7];
  months text[] := array['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  weekdays text[] := array['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
  original text;
  value text;
  item text;
  parts text[];
  low numeric;
  high numeric;
  bound numeric;
  i integer;
  k integer;
begin
  if spec = '' then
    return 'Enter a schedule.';
  end if;
  parts := regexp_match(spec, '^([0-9]+)[[:space:]]+seconds?$');
  if parts is not null then
    if parts[1]::numeric < 1 or parts[1]::numeric > 59 then
      return format('"%s" is out of range: a seconds schedule runs every 1 to 59 seconds.', shown);
    end if;
    return null;
  end if;
  if spec = any (array['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']) then
    return null;
  end if;
  fields := regexp_split_to_array(spec, '[[:space:]]+');
  if cardinality(fields) <> 5 then
    return format('"%s" has %s field%s: write 5 (minute hour day-of-month month day-of-week) or "N seconds".',
      shown, cardinality(fields), case when cardinality(fields) = 1 then '' else 's' end);
  end if;
  for i in 1..5 loop
    original := fields[i];
    value := original;
    -- The last day of the month.
    continue when i = 3 and value = '$';
    if i = 4 then
      for k in 1..12 loop
        value := regexp_replace(value, '(?<![a-z])' || months[k] || '(?![a-z])', k::text, 'g');
      end loop;
    elsif i = 5 then
      for k in 1..7 loop
        value := regexp_replace(value, '(?<![a-z])' || weekdays[k] || '(?![a-z])', (k - 1)::text, 'g');
      end loop;
    end if;
    foreach item in array string_to_array(value, ',') loop
      parts := regexp_match(item, '^([*]|[0-9]+(-[0-9]+)?)(/([0-9]+))?$');
      if parts is null then
        return format('The %s field "%s" is not valid: use *, a number, a range a-b, a list a,b or a step */n.', field_names[i], original);
      end if;
      if parts[4] is not null and parts[4]::numeric < 1 then
        return format('The %s field "%s" has a step of 0.', field_names[i], original);
      end if;
      continue when parts[1] = '*';
      low := split_part(parts[1], '-', 1)::numeric;
      high := coalesce(nullif(split_part(parts[1], '-', 2), ''), split_part(parts[1], '-', 1))::numeric;
      foreach bound in array array[low, high] loop
        if bound < lows[i] or bound > highs[i] then
          return format('The %s %s is out of range (%s–%s).', field_names[i], bound, lows[i], highs[i]);
        end if;
      end loop;
      if low > high then
        return format('The %s range %s-%s runs backwards.', field_names[i], low, high);
      end if;
    end loop;
  end loop;
  return null;
end
$fn$;

create function cron._check_job(schedule text, command text) returns void
language plpgsql immutable set search_path = pg_catalog as $fn$
declare
  problem text := cron._schedule_problem($1);
begin
  if $1 is not null and problem is not null then
    raise exception 'invalid schedule: %', problem using errcode = '22023';
  end if;
  if $2 is not null and btrim($2) = '' then
    raise exception 'invalid command: the command is empty' using errcode = '22023';
  end if;
end
$fn$;

-- Named: replaces the schedule and command of the caller's job of that name, as pg_cron does.
create function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql set search_path = pg_catalog as $fn$
declare
  id bigint;
begin
  if $1 is null then
    raise exception 'job_name can not be NULL' using errcode = '22004';
  end if;
  if $2 is null or $3 is null then
    raise exception 'schedule and command can not be NULL' using errcode = '22004';
  end if;
  perform cron._check_job($2, $3);
  insert into cron.job as j (schedule, command, jobname) values ($2, $3, $1)
  on conflict on constraint jobname_username_uniq do update set schedule = excluded.schedule, command = excluded.command
  returning j.jobid into id;
  return id;
end
$fn$;

create function cron.schedule(schedule text, command text) returns bigint
language plpgsql set search_path = pg_catalog as $fn$
declare
  id bigint;
begin
  if $1 is null or $2 is null then
    raise exception 'schedule and command can not be NULL' using errcode = '22004';
  end if;
  perform cron._check_job($1, $2);
  insert into cron.job (schedule, command) values ($1, $2) returning jobid into id;
  return id;
end
$fn$;

create function cron.schedule_in_database(job_name text, schedule text, command text, database text, username text default null, active boolean default true) returns bigint
language plpgsql set search_path = pg_catalog as $fn$
declare
  id bigint;
begin
  id := cron.schedule($1, $2, $3);
  perform cron.alter_job(id, database => $4, username => $5, active => $6);
  return id;
end
$fn$;

create function cron.unschedule(job_id bigint) returns boolean
language plpgsql set search_path = pg_catalog as $fn$
begin
  delete from cron.job where jobid = $1;
  if not found then
    raise exception 'could not find valid entry for job %', $1 using errcode = 'P0002';
  end if;
  return true;
end
$fn$;

create function cron.unschedule(job_name text) returns boolean
language plpgsql set search_path = pg_catalog as $fn$
begin
  delete from cron.job where jobname = $1 and username = current_user;
  if not found then
    raise exception 'could not find valid entry for job ''%''', $1 using errcode = 'P0002';
  end if;
  return true;
end
$fn$;

create function cron.alter_job(
  job_id bigint,
  schedule text default null,
  command text default null,
  database text default null,
  username text default null,
  active boolean default null
) returns void
language plpgsql set search_path = pg_catalog as $fn$
begin
  perform cron._check_job($2, $3);
  if $5 is not null and $5 <> current_user
     and not coalesce((select rolsuper from pg_roles where rolname = current_user), false) then
    raise exception 'must be superuser to alter username' using errcode = '42501';
  end if;
  if $5 is not null and not exists (select 1 from pg_roles where rolname = $5) then
    raise exception 'role "%" does not exist', $5 using errcode = '42704';
  end if;
  update cron.job j
     set schedule = coalesce($2, j.schedule),
         command = coalesce($3, j.command),
         database = coalesce($4, j.database),
         username = coalesce($5, j.username),
         active = coalesce($6, j.active)
   where j.jobid = $1;
  if not found then
    raise exception 'Job % does not exist or you don''t own it', $1 using errcode = 'P0002';
  end if;
end
$fn$;
`
