// Versioned SQL migrations, applied once each and recorded in schema_migrations. `before` runs ahead of the
// generated resource tables, `after` once they exist (foreign keys and indexes on them).
export interface Migration {
  id: string;
  sql: string;
}

export const before: Migration[] = [
  {
    id: '001_core',
    sql: `
      create table if not exists sys_credential (
        user_id integer primary key,
        password_hash text not null,
        update_date timestamptz not null default now()
      );
      create table if not exists sys_session (
        token_hash text primary key,
        user_id integer not null,
        tenant_id integer,
        remember boolean not null default false,
        created_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        idle_expires_at timestamptz not null,
        absolute_expires_at timestamptz not null,
        ip text,
        user_agent text
      );
      create index if not exists sys_session_user_idx on sys_session (user_id);
      create table if not exists sys_login_failure (
        key text primary key,
        count integer not null,
        window_start timestamptz not null
      );
    `,
  },
];

export const after: Migration[] = [
  {
    id: '002_user_links',
    sql: `
      create unique index if not exists sys_user_user_name_key on sys_user (user_name);
      alter table sys_credential add constraint sys_credential_user_fk
        foreign key (user_id) references sys_user (id) on delete cascade;
      alter table sys_session add constraint sys_session_user_fk
        foreign key (user_id) references sys_user (id) on delete cascade;
      create unique index if not exists sys_dict_dict_code_key on sys_dict (dict_code);
      create unique index if not exists sys_role_role_code_key on sys_role (role_code);
      create unique index if not exists sys_config_config_key_key on sys_config (config_key);
      create unique index if not exists sys_tenant_code_key on sys_tenant (code);
    `,
  },
  {
    id: '003_files',
    sql: `
      create table if not exists sys_file (
        id text primary key,
        tenant_id integer,
        create_by integer,
        file_name text not null,
        mime text not null,
        content bytea not null,
        token_hash text not null,
        expires_at timestamptz not null,
        create_date timestamptz not null default now()
      );
      create index if not exists sys_file_expires_idx on sys_file (expires_at);
    `,
  },
];
