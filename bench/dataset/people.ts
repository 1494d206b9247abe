/**
 * Staff, unions and field agents (a few statements), and the motorists' staging table: who each
 * motorist is, when they registered, their plan and how their payments run (see tickets.ts).
 */
import type { BenchDb } from './db.ts';
import { periodsBetween } from './functions.ts';
import type { DatasetSize } from './sizes.ts';

const BENCH_DOMAIN = 'bench.eticketing.ng';
export const BENCH_ADMIN_EMAIL = `bench-admin@${BENCH_DOMAIN}`;
export const BENCH_PASSWORD = 'bench-pass-2026';

// Unique ID number ranges, one per population, so no two people share a code.
const STAFF_BASE = 300_000_000;
const AGENT_BASE = 200_000_000;

const FIRST = `ARRAY['adebayo','chinedu','emeka','tunde','ibrahim','musa','segun','kelechi','femi','yusuf','olumide','obinna','aliyu','kunle','uche','ayodele','babatunde','ngozi','funmilayo','aisha','chioma','bisi','halima','yetunde','amaka','blessing','kehinde','taiwo','sunday','godwin','nnamdi','abdul','sani','rotimi','gbenga','ifeanyi','chukwuma','dayo','lanre','wale']`;
const LAST = `ARRAY['okafor','adeyemi','balogun','okonkwo','bello','abubakar','eze','ogunleye','nwosu','adebisi','lawal','ibekwe','olawale','danjuma','afolabi','onyeka','salami','okeke','oyelaran','akinola','ogundipe','uzor','yakubu','fashola','ajayi','obi','chukwu','adewale','oni','ekwueme']`;
const ROUTES = `ARRAY['oshodi - ikeja','yaba - obalende','ojota - ketu','ikorodu - mile 12','ajah - lekki','mushin - idumota','agege - abule egba','surulere - costain','festac - mile 2','iyana ipaja - egbeda']`;
const STREETS = `ARRAY['herbert macaulay way','agege motor road','ikorodu road','lagos-abeokuta expressway','apapa road','allen avenue','awolowo road','bode thomas street']`;
const nameOf = (n: string) => `(${FIRST})[1 + (${n}) % 40] || ' ' || (${LAST})[1 + ((${n}) / 40) % 30]`;

/** The window of activity: 13 Lagos months ending now; written once, read by every step. */
export async function createParams(db: BenchDb, passwordHash: string): Promise<void> {
  await db.exec(`
    CREATE UNLOGGED TABLE bench_stage_params AS
    SELECT ((now() AT TIME ZONE 'Africa/Lagos') - interval '13 months') AT TIME ZONE 'Africa/Lagos' AS start_at,
           now() AS end_at,
           ${literal(passwordHash)}::text AS password_hash`);
}

/** The bench super-admin, admins, managers of each department, unions, and the field agents. */
export async function insertStaffAndAgents(db: BenchDb, size: DatasetSize): Promise<void> {
  await db.exec(`
    INSERT INTO users (user_code, full_name, email, phone, password_hash, role, registration_status, created_at, updated_at)
    SELECT bench_code(${STAFF_BASE}), 'bench super admin', '${BENCH_ADMIN_EMAIL}', '+2340000000001', password_hash,
           'super-admin', 'approved', start_at - interval '60 days', start_at - interval '60 days'
    FROM bench_stage_params;

    CREATE UNLOGGED TABLE bench_stage_staff AS
    SELECT k, role, department, union_role, union_name, label
    FROM (
      SELECT k, 'admin' AS role, NULL AS department, NULL AS union_role, NULL AS union_name, 'admin' || k AS label FROM generate_series(1, 10) k
      UNION ALL
      SELECT 10 + (d - 1) * 5 + k, 'manager', (ARRAY['registrar-manager','enforcer-manager','remitter-manager'])[d], NULL, NULL,
             (ARRAY['registrar-manager','enforcer-manager','remitter-manager'])[d] || k
      FROM generate_series(1, 3) d, generate_series(1, 5) k
      UNION ALL
      SELECT 30 + k, 'union', NULL, u.role, u.name, 'union-' || u.role
      FROM unnest(ARRAY['keke','bus','bike','shareholder','government','others'],
                  ARRAY['keke riders association of lagos','road transport employers association','okada riders union',
                        'e-ticketing ventures ltd','lagos state government','lagos parks management']) WITH ORDINALITY AS u(role, name, k)
    ) AS s;

    INSERT INTO users (user_code, full_name, email, phone, password_hash, role, department, union_role, union_name,
                       registration_status, added_by, approved_by, created_at, updated_at)
    SELECT bench_code(${STAFF_BASE} + s.k), ${nameOf('s.k * 7')}, s.label || '@${BENCH_DOMAIN}', '0700' || lpad(s.k::text, 7, '0'),
           p.password_hash, s.role, s.department, s.union_role, s.union_name, 'approved', a.id, a.id,
           p.start_at - interval '50 days' + s.k * interval '1 hour', p.start_at - interval '50 days' + s.k * interval '1 hour'
    FROM bench_stage_staff s, bench_stage_params p,
         (SELECT id FROM users WHERE email = '${BENCH_ADMIN_EMAIL}') AS a
    ORDER BY s.k;

    INSERT INTO user_profiles (user_id, address, marital_status, id_type)
    SELECT u.id, 'alausa secretariat, ikeja', 'married', 'nin' FROM users u WHERE u.role IN ('admin', 'manager');
    INSERT INTO guarantors (user_id, name, phone, address, id_type)
    SELECT u.id, 'guarantor of ' || u.full_name, '0701' || right(u.phone, 7), '12 awolowo road, lagos', 'nin' FROM users u WHERE u.role = 'manager';

    -- Field agents: 30 % registrars, 40 % enforcers, 30 % remitters; 96 % approved, 2 % pending, 2 % suspended.
    CREATE UNLOGGED TABLE bench_stage_agents AS
    SELECT j, gen_random_uuid() AS id,
           CASE WHEN j % 10 < 3 THEN 'registrar' WHEN j % 10 < 7 THEN 'enforcer' ELSE 'remitter' END AS role,
           CASE WHEN j % 50 = 17 THEN 'pending' WHEN j % 50 = 33 THEN 'suspended' ELSE 'approved' END AS status,
           p.start_at - interval '40 days' + (j::float8 / ${size.agents}) * interval '35 days' AS created_at
    FROM generate_series(1, ${size.agents}) j, bench_stage_params p;

    INSERT INTO users (id, user_code, full_name, email, phone, password_hash, role, agent_role, registration_status,
                       added_by, approved_by, suspended_by, created_at, updated_at)
    SELECT g.id, bench_code(${AGENT_BASE} + g.j), ${nameOf('g.j * 13')}, g.role || g.j || '@${BENCH_DOMAIN}', '0810' || lpad(g.j::text, 7, '0'),
           p.password_hash, g.role, g.role, g.status, admin1.id,
           CASE WHEN g.status <> 'pending' THEN admin1.id END, CASE WHEN g.status = 'suspended' THEN admin1.id END,
           g.created_at, g.created_at + interval '2 hours'
    FROM bench_stage_agents g, bench_stage_params p, (SELECT id FROM users WHERE email = 'admin1@${BENCH_DOMAIN}') AS admin1
    ORDER BY g.j;

    INSERT INTO user_profiles (user_id, address, marital_status, id_type, route)
    SELECT g.id, (g.j % 90 + 1) || ' ikorodu road, lagos', (ARRAY['single','married'])[1 + g.j % 2], 'nin', (${ROUTES})[1 + g.j % 10]
    FROM bench_stage_agents g;
    INSERT INTO guarantors (user_id, name, phone, address, id_type)
    SELECT g.id, ${nameOf('g.j * 17 + 3')}, '0811' || lpad(g.j::text, 7, '0'), (g.j % 60 + 1) || ' bode thomas street, lagos', 'nin'
    FROM bench_stage_agents g;

    -- The approved agents of each role, numbered 1..n per role: activity draws one with a random number.
    CREATE UNLOGGED TABLE bench_stage_pick AS
    SELECT role, row_number() OVER (PARTITION BY role ORDER BY j)::int AS k, id
    FROM bench_stage_agents WHERE status = 'approved';
    ALTER TABLE bench_stage_pick ADD PRIMARY KEY (role, k);
    CREATE UNLOGGED TABLE bench_stage_pool AS
    SELECT (SELECT count(*) FROM bench_stage_pick WHERE role = 'registrar')::int AS registrars,
           (SELECT count(*) FROM bench_stage_pick WHERE role = 'enforcer')::int AS enforcers,
           (SELECT count(*) FROM bench_stage_pick WHERE role = 'remitter')::int AS remitters,
           (SELECT id FROM users WHERE email = 'admin1@${BENCH_DOMAIN}') AS admin_id;
  `);
}

/**
 * One row per motorist, in registration order (i): a launch wave in the first month, then steady
 * growth; registered between 08:00 and 16:00 Lagos time. 96 % approved, 3 % pending (no activity
 * yet), 1 % suspended. Vehicle and plan mixes as in the demo data. p1 is the first payment (a few
 * minutes after registering, or on the 1st to 3rd of the next month when that falls on the 29th to
 * 31st); each later payment comes r before the paid time runs out (so the expiry moves by exactly
 * one period); max_n is how many fit before now. n (how many they make) is set by tickets.ts.
 */
const FIRST_LOCAL = "((m.c AT TIME ZONE 'Africa/Lagos') + interval '5 minutes' + m.u_delay * interval '35 minutes')";

export async function stageMotorists(db: BenchDb, size: DatasetSize): Promise<void> {
  await db.exec(`
    CREATE UNLOGGED TABLE bench_stage_motorists AS
    WITH raw AS (
      SELECT least(p.end_at - interval '3 hours',
               ((date_trunc('day', t AT TIME ZONE 'Africa/Lagos') + interval '8 hours' + random() * interval '8 hours') AT TIME ZONE 'Africa/Lagos')) AS c,
             random() AS u_type, random() AS u_plan, random() AS u_status, random() AS u_comply, random() AS u_delay, random() AS u_early
      FROM (SELECT CASE WHEN random() < 0.35 THEN p.start_at + random() * interval '30 days'
                        ELSE p.start_at + sqrt(random()) * (p.end_at - p.start_at) END AS t
            FROM generate_series(1, ${size.motorists}), bench_stage_params p) AS r,
           bench_stage_params p
    )
    SELECT row_number() OVER (ORDER BY c)::int AS i,
           gen_random_uuid() AS id, gen_random_uuid() AS sub_id, c,
           CASE WHEN u_type < 0.5 THEN 'keke' WHEN u_type < 0.7 THEN 'bus' ELSE 'bike' END AS vehicle_type,
           CASE WHEN u_plan < 0.0025 THEN 'daily' WHEN u_plan < 0.0725 THEN 'weekly' WHEN u_plan < 0.6725 THEN 'monthly'
                WHEN u_plan < 0.8625 THEN '3 months' WHEN u_plan < 0.9525 THEN '6 months' ELSE 'yearly' END AS plan,
           CASE WHEN u_status < 0.03 THEN 'pending' WHEN u_status < 0.04 THEN 'suspended' ELSE 'approved' END AS status,
           CASE WHEN u_comply < 0.35 THEN 0.97 WHEN u_comply < 0.65 THEN 0.8 WHEN u_comply < 0.87 THEN 0.45 ELSE 0.15 END AS compliance,
           u_delay, u_early
    FROM raw;

    ALTER TABLE bench_stage_motorists
      ADD COLUMN registrar_id uuid, ADD COLUMN plan_id uuid, ADD COLUMN price_kobo bigint, ADD COLUMN charge_kobo bigint,
      ADD COLUMN p1 timestamptz, ADD COLUMN r interval, ADD COLUMN max_n int, ADD COLUMN n int, ADD COLUMN scans int;

    UPDATE bench_stage_motorists m SET registrar_id = a.id
    FROM (SELECT i, 1 + floor(random() * pool.registrars)::int AS k FROM bench_stage_motorists, bench_stage_pool pool) AS r
    JOIN bench_stage_pick a ON a.role = 'registrar' AND a.k = r.k
    WHERE m.i = r.i;

    UPDATE bench_stage_motorists m SET
      plan_id = sp.id, price_kobo = sp.price_kobo, charge_kobo = pc.price_kobo,
      p1 = CASE WHEN extract(day FROM ${FIRST_LOCAL}) <= 28 THEN ${FIRST_LOCAL}
                ELSE date_trunc('month', ${FIRST_LOCAL}) + interval '1 month 9 hours' + m.u_delay * interval '2 days' END
           AT TIME ZONE 'Africa/Lagos',
      r = m.u_early * CASE m.plan WHEN 'daily' THEN interval '12 hours' ELSE interval '48 hours' END
    FROM subscription_plans sp, penalty_charges pc
    WHERE sp.name = m.plan AND sp.vehicle_type = m.vehicle_type AND NOT sp.is_deleted AND pc.vehicle_type = m.vehicle_type;

    UPDATE bench_stage_motorists m SET
      max_n = CASE WHEN m.status = 'pending' OR m.p1 > p.end_at THEN 0 ELSE 1 + ${periodsBetween('m.p1', 'p.end_at + m.r', 'm.plan')} END
    FROM bench_stage_params p;
    CREATE UNIQUE INDEX ON bench_stage_motorists (i);
  `);
}

/** Users, profiles and vehicles of motorists i in [lo, hi]. */
export async function insertMotorists(db: BenchDb, lo: number, hi: number): Promise<void> {
  await db.exec(`
    INSERT INTO users (id, user_code, full_name, email, phone, password_hash, role, is_motorist, registration_status,
                       added_by, approved_by, suspended_by, created_at, updated_at)
    SELECT m.id, bench_code(m.i), ${nameOf('m.i')},
           replace(${nameOf('m.i')}, ' ', '.') || '.' || m.i || '@${BENCH_DOMAIN}', '080' || lpad(m.i::text, 8, '0'),
           p.password_hash, 'motorist', true, m.status, m.registrar_id,
           CASE WHEN m.status <> 'pending' THEN pool.admin_id END, CASE WHEN m.status = 'suspended' THEN pool.admin_id END,
           m.c, m.c + CASE WHEN m.status = 'pending' THEN interval '0' ELSE interval '20 minutes' END
    FROM bench_stage_motorists m, bench_stage_params p, bench_stage_pool pool
    WHERE m.i BETWEEN ${lo} AND ${hi}
    ORDER BY m.i;

    INSERT INTO user_profiles (user_id, address, marital_status, gender, dob, route, id_type)
    SELECT m.id, (m.i % 120 + 1) || ' ' || (${STREETS})[1 + m.i % 8] || ', lagos',
           (ARRAY['single','married','married','divorced'])[1 + m.i % 4], CASE WHEN m.i % 14 = 0 THEN 'female' ELSE 'male' END,
           date '1965-01-01' + (m.i * 37 % 13500), (${ROUTES})[1 + m.i % 10], (ARRAY['nin','drivers-license','business-id'])[1 + m.i % 3]
    FROM bench_stage_motorists m WHERE m.i BETWEEN ${lo} AND ${hi};

    -- Plates as people type them ("kja 0042 ab"): area, number and letters all follow from i, so they never repeat.
    INSERT INTO vehicles (user_id, plate_number, vehicle_model, vehicle_type, requested_plan)
    SELECT m.id,
           (ARRAY['kja','lsr','epe','ikd','apa','mus','agl','ktu','fst','ejg'])[1 + (m.i / 10000) % 10] || ' ' || lpad((m.i % 10000)::text, 4, '0') || ' ' ||
             chr(97 + (m.i / 100000) / 26 % 26) || chr(97 + (m.i / 100000) % 26),
           CASE m.vehicle_type WHEN 'keke' THEN (ARRAY['bajaj re','tvs king','piaggio ape'])[1 + m.i % 3]
                               WHEN 'bus' THEN (ARRAY['toyota hiace','volkswagen t3','mazda e2000','nissan urvan'])[1 + m.i % 4]
                               ELSE (ARRAY['bajaj boxer','honda ace','tvs hlx','qlink'])[1 + m.i % 4] END,
           m.vehicle_type, m.plan
    FROM bench_stage_motorists m WHERE m.i BETWEEN ${lo} AND ${hi};
  `);
}

const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;
