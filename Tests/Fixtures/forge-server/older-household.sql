--
-- PostgreSQL database dump
--

-- Dumped from database version 16.4 (Debian 16.4-1.pgdg120+1)
-- Dumped by pg_dump version 16.4 (Debian 16.4-1.pgdg120+1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET client_min_messages = warning;

DROP TABLE IF EXISTS public.users;
DROP TABLE IF EXISTS public.ingest_tokens;
DROP TABLE IF EXISTS public.oauth_clients;
DROP TABLE IF EXISTS public.oauth_codes;
DROP TABLE IF EXISTS public.oauth_tokens;
DROP TABLE IF EXISTS public.metrics;
DROP TABLE IF EXISTS public.equipment_profiles;
DROP TABLE IF EXISTS public.workout_sessions;
DROP TABLE IF EXISTS public.logged_sets;
DROP TABLE IF EXISTS public.records;
DROP TABLE IF EXISTS public.chat_messages;
DROP TABLE IF EXISTS public.media_blobs;
DROP TABLE IF EXISTS public.meal_log;
DROP TABLE IF EXISTS public.push_subs;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: users; Type: TABLE; Schema: public; Owner: forge
--

CREATE TABLE public.users (
    id TEXT PRIMARY KEY, email VARCHAR(255), name VARCHAR(80), role VARCHAR(16), units VARCHAR(16), prefs JSON, active_profile_id VARCHAR(32), created_at TIMESTAMPTZ
);


ALTER TABLE public.users OWNER TO forge;

--
-- Name: ingest_tokens; Type: TABLE; Schema: public; Owner: forge
--

CREATE TABLE public.ingest_tokens (
    id VARCHAR(32) PRIMARY KEY, user_id VARCHAR(32), token VARCHAR(64), created_at TIMESTAMPTZ, last_seen_at TIMESTAMPTZ, samples INTEGER
);


ALTER TABLE public.ingest_tokens OWNER TO forge;

--
-- Name: oauth_clients; Type: TABLE; Schema: public; Owner: forge
--

CREATE TABLE public.oauth_clients (
    id VARCHAR(32) PRIMARY KEY, name VARCHAR(120), redirect_uris JSON, created_at TIMESTAMPTZ
);


ALTER TABLE public.oauth_clients OWNER TO forge;

--
-- Name: oauth_codes; Type: TABLE; Schema: public; Owner: forge
--

CREATE TABLE public.oauth_codes (
    code VARCHAR(64) PRIMARY KEY, client_id VARCHAR(32), user_id VARCHAR(32), redirect_uri VARCHAR(500), code_challenge VARCHAR(128), expires_at TIMESTAMPTZ
);


ALTER TABLE public.oauth_codes OWNER TO forge;

--
-- Name: oauth_tokens; Type: TABLE; Schema: public; Owner: forge
--

CREATE TABLE public.oauth_tokens (
    id VARCHAR(32) PRIMARY KEY, user_id VARCHAR(32), client_id VARCHAR(32), access_token VARCHAR(64), refresh_token VARCHAR(64), access_expires_at TIMESTAMPTZ, refresh_expires_at TIMESTAMPTZ, created_at TIMESTAMPTZ, last_used_at TIMESTAMPTZ
);


ALTER TABLE public.oauth_tokens OWNER TO forge;

--
-- Name: metrics; Type: TABLE; Schema: public; Owner: forge
--

CREATE TABLE public.metrics (
    id VARCHAR(32) PRIMARY KEY, user_id VARCHAR(32), type VARCHAR(40), value DOUBLE PRECISION, unit VARCHAR(16), ts TIMESTAMPTZ, source VARCHAR(40)
);


ALTER TABLE public.metrics OWNER TO forge;

--
-- Name: equipment_profiles; Type: TABLE; Schema: public; Owner: forge
--

CREATE TABLE public.equipment_profiles (
    id VARCHAR(32) PRIMARY KEY, user_id VARCHAR(32), name VARCHAR(40), items JSON, bar_kg DOUBLE PRECISION, plates_kg JSON, db_max_kg DOUBLE PRECISION
);


ALTER TABLE public.equipment_profiles OWNER TO forge;

--
-- Name: workout_sessions; Type: TABLE; Schema: public; Owner: forge
--

CREATE TABLE public.workout_sessions (
    id VARCHAR(32) PRIMARY KEY, user_id VARCHAR(32), day DATE, name VARCHAR(80), kind VARCHAR(16), status VARCHAR(16), started_at TIMESTAMPTZ, completed_at TIMESTAMPTZ, time_budget_min INTEGER, fitted JSON, cooldown_status VARCHAR(16), notes TEXT, stats JSON
);


ALTER TABLE public.workout_sessions OWNER TO forge;

--
-- Name: logged_sets; Type: TABLE; Schema: public; Owner: forge
--

CREATE TABLE public.logged_sets (
    id VARCHAR(32) PRIMARY KEY, session_id VARCHAR(32), user_id VARCHAR(32), exercise_slug VARCHAR(60), substituted_for VARCHAR(60), set_no INTEGER, weight DOUBLE PRECISION, reps INTEGER, rpe INTEGER, ts TIMESTAMPTZ
);


ALTER TABLE public.logged_sets OWNER TO forge;

--
-- Name: records; Type: TABLE; Schema: public; Owner: forge
--

CREATE TABLE public.records (
    id VARCHAR(32) PRIMARY KEY, user_id VARCHAR(32), exercise_slug VARCHAR(60), kind VARCHAR(16), value DOUBLE PRECISION, detail VARCHAR(80), achieved_on DATE
);


ALTER TABLE public.records OWNER TO forge;

--
-- Name: chat_messages; Type: TABLE; Schema: public; Owner: forge
--

CREATE TABLE public.chat_messages (
    id VARCHAR(32) PRIMARY KEY, user_id VARCHAR(32), who VARCHAR(8), text TEXT, created_at TIMESTAMPTZ
);


ALTER TABLE public.chat_messages OWNER TO forge;

--
-- Name: media_blobs; Type: TABLE; Schema: public; Owner: forge
--

CREATE TABLE public.media_blobs (
    id VARCHAR(32) PRIMARY KEY, user_id VARCHAR(32), mime VARCHAR(40), data BYTEA, src_url TEXT, created_at TIMESTAMPTZ
);


ALTER TABLE public.media_blobs OWNER TO forge;

--
-- Name: meal_log; Type: TABLE; Schema: public; Owner: forge
--

CREATE TABLE public.meal_log (
    id VARCHAR(32) PRIMARY KEY, user_id VARCHAR(32), day DATE, slot VARCHAR(12), recipe_slug VARCHAR(60), label VARCHAR(120), servings DOUBLE PRECISION, kcal DOUBLE PRECISION, protein_g DOUBLE PRECISION, fiber_g DOUBLE PRECISION, satfat_g DOUBLE PRECISION, source VARCHAR(12), estimated INTEGER, client_id VARCHAR(40), ts TIMESTAMPTZ
);


ALTER TABLE public.meal_log OWNER TO forge;

--
-- Name: push_subs; Type: TABLE; Schema: public; Owner: forge
--

CREATE TABLE public.push_subs (
    id VARCHAR(32) PRIMARY KEY, user_id VARCHAR(32), endpoint TEXT, p256dh TEXT, auth TEXT, created_at TIMESTAMPTZ
);


ALTER TABLE public.push_subs OWNER TO forge;

--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: forge
--

COPY public.users (id, email, name, role, units, prefs, active_profile_id, created_at) FROM stdin;
a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	ada@example.org	Ada	admin	kg	{"notif_proposal": true, "note": "caf\\u00e9"}	e0e0e0e0e0e0e0e0e0e0e0e0e0e0e001	2025-01-04 09:00:00.123456+00
b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0	Ben@Example.org	Ben	member	lb	{}	\N	2025-01-05 10:00:00+00
d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0	demo@forge.invalid	Demo	demo	kg	{}	\N	2025-01-05 10:00:00+00
\.

--
-- Data for Name: ingest_tokens; Type: TABLE DATA; Schema: public; Owner: forge
--

COPY public.ingest_tokens (id, user_id, token, created_at, last_seen_at, samples) FROM stdin;
10000000000000000000000000000001	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	fg_adaOldToken0000000000000000000000	2025-01-04 09:00:00+00	\N	0
10000000000000000000000000000002	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	fg_adaPhoneToken000000000000000000000	2025-03-01 08:00:00+00	2025-03-02 07:00:00+00	1234
10000000000000000000000000000003	b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0	fg_benPhoneToken000000000000000000000	2025-01-05 10:00:00+00	\N	5
\.

--
-- Data for Name: oauth_clients; Type: TABLE DATA; Schema: public; Owner: forge
--

COPY public.oauth_clients (id, name, redirect_uris, created_at) FROM stdin;
c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1	Claude	["https://claude.ai/api/mcp/auth_callback"]	2025-02-01 12:00:00+00
\.

--
-- Data for Name: oauth_codes; Type: TABLE DATA; Schema: public; Owner: forge
--

COPY public.oauth_codes (code, client_id, user_id, redirect_uri, code_challenge, expires_at) FROM stdin;
somecode	c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	https://claude.ai/api/mcp/auth_callback	x	2025-02-01 12:05:00+00
\.

--
-- Data for Name: oauth_tokens; Type: TABLE DATA; Schema: public; Owner: forge
--

COPY public.oauth_tokens (id, user_id, client_id, access_token, refresh_token, access_expires_at, refresh_expires_at, created_at, last_used_at) FROM stdin;
70000000000000000000000000000001	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1	mcpAccessAda	mcpRefreshAda	2099-01-01 00:00:00+00	2099-06-01 00:00:00+00	2025-02-01 12:01:00+00	\N
\.

--
-- Data for Name: metrics; Type: TABLE DATA; Schema: public; Owner: forge
--

COPY public.metrics (id, user_id, type, value, unit, ts, source) FROM stdin;
30000000000000000000000000000001	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	weight	71.5	kg	2025-03-01 07:00:00+00	manual
30000000000000000000000000000002	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	weight	7150	kg	2025-03-02 07:00:00+00	manual
30000000000000000000000000000003	b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0	resting_hr	52	bpm	2025-03-01 06:00:00+01	hae
\.

--
-- Data for Name: equipment_profiles; Type: TABLE DATA; Schema: public; Owner: forge
--

COPY public.equipment_profiles (id, user_id, name, items, bar_kg, plates_kg, db_max_kg) FROM stdin;
e0e0e0e0e0e0e0e0e0e0e0e0e0e0e001	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	Home	[{"name": "Barbell", "available": true}]	15	[20, 10, 5, 2.5]	24
e0e0e0e0e0e0e0e0e0e0e0e0e0e0e002	\N	Garage	[]	20	[25, 20]	30
\.

--
-- Data for Name: workout_sessions; Type: TABLE DATA; Schema: public; Owner: forge
--

COPY public.workout_sessions (id, user_id, day, name, kind, status, started_at, completed_at, time_budget_min, fitted, cooldown_status, notes, stats) FROM stdin;
5e551011000000000000000000000001	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	2025-03-03	Lower A	strength	completed	2025-03-03 17:00:00+00	2025-03-03 18:00:00+00	60	{}	done	felt\tstrong\nand fast \\o/	{"tonnage": 1.2}
5e551011000000000000000000000002	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	2025-03-04	Run	cardio	completed	2025-03-04 06:00:00+00	2025-03-04 06:40:00+00	\N	{}			{"duration_s": -300}
5e551011000000000000000000000003	b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0	2025-03-03	Upper	strength	completed	2025-03-03 18:00:00+00	\N	\N	{}			{}
\.

--
-- Data for Name: logged_sets; Type: TABLE DATA; Schema: public; Owner: forge
--

COPY public.logged_sets (id, session_id, user_id, exercise_slug, substituted_for, set_no, weight, reps, rpe, ts) FROM stdin;
40000000000000000000000000000001	5e551011000000000000000000000001	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	back-squat	\N	1	100	5	8	2025-03-03 17:10:00+00
40000000000000000000000000000002	5e551011000000000000000000000001	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	back-squat	\N	2	102.5	5	9	2025-03-03 17:15:00+00
40000000000000000000000000000003	5e551011000000000000000000000001	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	back-squat	\N	3	100	-3	\N	2025-03-03 17:20:00+00
40000000000000000000000000000004	5e551011000000000000000000000003	b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0	bench-press	\N	1	60	8	\N	2025-03-03 18:10:00+00
40000000000000000000000000000005	5e551011000000000000000000000002	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	back-squat	\N	1	60	8	\N	2025-03-04 06:10:00+00
\.

--
-- Data for Name: records; Type: TABLE DATA; Schema: public; Owner: forge
--

COPY public.records (id, user_id, exercise_slug, kind, value, detail, achieved_on) FROM stdin;
50000000000000000000000000000001	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	back-squat	e1rm	119.6	102.5 kg x 5	2025-03-03
\.

--
-- Data for Name: chat_messages; Type: TABLE DATA; Schema: public; Owner: forge
--

COPY public.chat_messages (id, user_id, who, text, created_at) FROM stdin;
60000000000000000000000000000002	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	coach	Line one\nline\ttwo \\ done \303\251t\xc3\xa9	2025-03-03 19:00:01+00
60000000000000000000000000000001	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	me	How was my week?	2025-03-03 19:00:00+00
\.

--
-- Data for Name: media_blobs; Type: TABLE DATA; Schema: public; Owner: forge
--

COPY public.media_blobs (id, user_id, mime, data, src_url, created_at) FROM stdin;
f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f1	\N	image/png	\\x89504e470d0a1a0a		2025-03-01 00:00:00+00
\.

--
-- Data for Name: meal_log; Type: TABLE DATA; Schema: public; Owner: forge
--

COPY public.meal_log (id, user_id, day, slot, recipe_slug, label, servings, kcal, protein_g, fiber_g, satfat_g, source, estimated, client_id, ts) FROM stdin;
80000000000000000000000000000001	b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0	2025-03-03	dinner		Curry night	1	700	40	5	3	chat	1	c-1	2025-03-03 20:00:00+00
\.

--
-- Data for Name: push_subs; Type: TABLE DATA; Schema: public; Owner: forge
--

COPY public.push_subs (id, user_id, endpoint, p256dh, auth, created_at) FROM stdin;
90000000000000000000000000000001	a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0	https://push.example/1	k	a	2025-03-01 00:00:00+00
\.

--
-- PostgreSQL database dump complete
--

