--
-- PostgreSQL database dump
--

\restrict 372CA5TF9Dj1i9d7RRvvz28ys4tMBWTkoA4MJc1adU9p2y45bxOD9zW5erNRFSX

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: ag_upgrade_fixture; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA ag_upgrade_fixture;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: agg_buckets; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.agg_buckets (
    course_id integer NOT NULL,
    challenge character varying(100) NOT NULL,
    bucket integer NOT NULL,
    students integer NOT NULL
);


--
-- Name: agg_challenges; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.agg_challenges (
    course_id integer NOT NULL,
    challenge character varying(100) NOT NULL,
    tried integer NOT NULL,
    reached_100 integer NOT NULL,
    attempts integer NOT NULL,
    errored integer NOT NULL
);


--
-- Name: agg_diagnoses; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.agg_diagnoses (
    course_id integer NOT NULL,
    challenge character varying(100) NOT NULL,
    diagnosis_id character varying(100) NOT NULL,
    students integer NOT NULL,
    holders integer DEFAULT 0 NOT NULL
);


--
-- Name: agg_errors; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.agg_errors (
    course_id integer NOT NULL,
    challenge character varying(100) NOT NULL,
    kind character varying(40) NOT NULL,
    attempts integer NOT NULL
);


--
-- Name: agg_student_challenges; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.agg_student_challenges (
    course_id integer NOT NULL,
    challenge character varying(100) NOT NULL,
    student_id integer NOT NULL,
    external_id character varying(200) NOT NULL,
    attempts integer NOT NULL,
    best double precision NOT NULL,
    last_at timestamp with time zone,
    diagnoses text NOT NULL,
    current_diagnoses text DEFAULT ''::text NOT NULL
);


--
-- Name: agg_students; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.agg_students (
    course_id integer NOT NULL,
    student_id integer NOT NULL,
    external_id character varying(200) NOT NULL,
    attempts integer NOT NULL,
    last_at timestamp with time zone
);


--
-- Name: agg_tests; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.agg_tests (
    course_id integer NOT NULL,
    challenge character varying(100) NOT NULL,
    test_id character varying(100) NOT NULL,
    category character varying(60) NOT NULL,
    "position" integer NOT NULL,
    ran integer NOT NULL,
    failed integer NOT NULL,
    errored integer NOT NULL
);


--
-- Name: agg_versions; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.agg_versions (
    course_id integer NOT NULL,
    challenge character varying(100) NOT NULL,
    version integer NOT NULL,
    submissions integer NOT NULL
);


--
-- Name: alembic_version; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.alembic_version (
    version_num character varying(32) NOT NULL
);


--
-- Name: api_keys; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.api_keys (
    id integer NOT NULL,
    platform_id integer NOT NULL,
    prefix character varying(32) NOT NULL,
    key_hash character varying(64) NOT NULL,
    webhook_secret_sealed character varying(255) NOT NULL,
    created_at timestamp with time zone NOT NULL,
    revoked_at timestamp with time zone,
    last_used_at timestamp with time zone,
    expires_at timestamp with time zone
);


--
-- Name: api_keys_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.api_keys_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: api_keys_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.api_keys_id_seq OWNED BY ag_upgrade_fixture.api_keys.id;


--
-- Name: course_policies; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.course_policies (
    id integer NOT NULL,
    course_id integer NOT NULL,
    challenge character varying(100) NOT NULL,
    max_attempts integer,
    cooldown_seconds integer,
    window_attempts integer,
    window_seconds integer,
    updated_at timestamp with time zone NOT NULL,
    due_at timestamp with time zone,
    late_policy character varying(20),
    late_penalty_percent double precision
);


--
-- Name: course_policies_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.course_policies_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: course_policies_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.course_policies_id_seq OWNED BY ag_upgrade_fixture.course_policies.id;


--
-- Name: courses; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.courses (
    id integer NOT NULL,
    platform_id integer NOT NULL,
    slug character varying(200) NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: courses_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.courses_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: courses_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.courses_id_seq OWNED BY ag_upgrade_fixture.courses.id;


--
-- Name: dashboard_sessions; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.dashboard_sessions (
    token_hash character varying(64) NOT NULL,
    instructor_id integer NOT NULL,
    created_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL
);


--
-- Name: diagnoses; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.diagnoses (
    id integer NOT NULL,
    result_id integer NOT NULL,
    course_id integer NOT NULL,
    challenge character varying(100) NOT NULL,
    "position" integer NOT NULL,
    diagnosis_id character varying(100) NOT NULL,
    message text NOT NULL
);


--
-- Name: diagnoses_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.diagnoses_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: diagnoses_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.diagnoses_id_seq OWNED BY ag_upgrade_fixture.diagnoses.id;


--
-- Name: due_extensions; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.due_extensions (
    id integer NOT NULL,
    course_id integer NOT NULL,
    student character varying(200) NOT NULL,
    challenge character varying(100) NOT NULL,
    due_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL
);


--
-- Name: due_extensions_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.due_extensions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: due_extensions_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.due_extensions_id_seq OWNED BY ag_upgrade_fixture.due_extensions.id;


--
-- Name: instructor_courses; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.instructor_courses (
    instructor_id integer NOT NULL,
    course character varying(200) NOT NULL,
    platform_id integer NOT NULL
);


--
-- Name: instructors; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.instructors (
    id integer NOT NULL,
    email character varying(320) NOT NULL,
    password_hash character varying(200) NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: instructors_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.instructors_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: instructors_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.instructors_id_seq OWNED BY ag_upgrade_fixture.instructors.id;


--
-- Name: key_scopes; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.key_scopes (
    key_id integer NOT NULL,
    course character varying(200) NOT NULL
);


--
-- Name: lms_due_dates; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.lms_due_dates (
    id integer NOT NULL,
    course_id integer NOT NULL,
    challenge character varying(100) NOT NULL,
    due_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL
);


--
-- Name: lms_due_dates_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.lms_due_dates_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: lms_due_dates_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.lms_due_dates_id_seq OWNED BY ag_upgrade_fixture.lms_due_dates.id;


--
-- Name: lti_contexts; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.lti_contexts (
    id integer NOT NULL,
    registration_id integer NOT NULL,
    context_id character varying(255) NOT NULL,
    course character varying(200) NOT NULL,
    score_mode character varying(10) NOT NULL,
    memberships_url character varying(2000)
);


--
-- Name: lti_contexts_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.lti_contexts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: lti_contexts_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.lti_contexts_id_seq OWNED BY ag_upgrade_fixture.lti_contexts.id;


--
-- Name: lti_deployments; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.lti_deployments (
    registration_id integer NOT NULL,
    deployment_id character varying(255) NOT NULL
);


--
-- Name: lti_learners; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.lti_learners (
    context_id integer NOT NULL,
    student character varying(200) NOT NULL,
    sub character varying(255) NOT NULL
);


--
-- Name: lti_links; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.lti_links (
    id integer NOT NULL,
    context_id integer NOT NULL,
    resource_link_id character varying(255) NOT NULL,
    deployment_id character varying(255) NOT NULL,
    challenge character varying(100) NOT NULL,
    lang character varying(2) NOT NULL,
    lineitem_url character varying(2000),
    lineitems_url character varying(2000),
    scopes text NOT NULL
);


--
-- Name: lti_links_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.lti_links_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: lti_links_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.lti_links_id_seq OWNED BY ag_upgrade_fixture.lti_links.id;


--
-- Name: lti_registrations; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.lti_registrations (
    id integer NOT NULL,
    platform_id integer NOT NULL,
    api_key_id integer NOT NULL,
    issuer character varying(500) NOT NULL,
    client_id character varying(500) NOT NULL,
    login_url character varying(2000) NOT NULL,
    token_url character varying(2000) NOT NULL,
    jwks_url character varying(2000) NOT NULL,
    token_audience character varying(2000),
    frame_origin character varying(300) NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: lti_registrations_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.lti_registrations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: lti_registrations_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.lti_registrations_id_seq OWNED BY ag_upgrade_fixture.lti_registrations.id;


--
-- Name: lti_scores; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.lti_scores (
    submission_id character varying(32) NOT NULL,
    link_id integer NOT NULL,
    student character varying(200) NOT NULL,
    state character varying(10) NOT NULL,
    score_sent double precision,
    tries integer NOT NULL,
    error text,
    created_at timestamp with time zone NOT NULL,
    sent_at timestamp with time zone,
    tried_at timestamp with time zone
);


--
-- Name: lti_tool_keys; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.lti_tool_keys (
    id integer NOT NULL,
    kid character varying(100) NOT NULL,
    private_pem text NOT NULL,
    public_jwk text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    retired_at timestamp with time zone
);


--
-- Name: lti_tool_keys_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.lti_tool_keys_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: lti_tool_keys_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.lti_tool_keys_id_seq OWNED BY ag_upgrade_fixture.lti_tool_keys.id;


--
-- Name: lti_values; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.lti_values (
    key character varying(200) NOT NULL,
    value text NOT NULL,
    expires_at timestamp with time zone NOT NULL
);


--
-- Name: platforms; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.platforms (
    id integer NOT NULL,
    name character varying(200) NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: platforms_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.platforms_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: platforms_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.platforms_id_seq OWNED BY ag_upgrade_fixture.platforms.id;


--
-- Name: refused_attempts; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.refused_attempts (
    id character varying(32) NOT NULL,
    course_id integer NOT NULL,
    student_id integer NOT NULL,
    challenge character varying(100) NOT NULL,
    lang character varying(2) NOT NULL,
    code text NOT NULL,
    reason character varying(20) NOT NULL,
    retry_at timestamp with time zone,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: regrade_items; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.regrade_items (
    regrade_id integer NOT NULL,
    submission_id character varying(32) NOT NULL,
    challenge_version integer NOT NULL
);


--
-- Name: regrades; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.regrades (
    id integer NOT NULL,
    course character varying(200) NOT NULL,
    challenge character varying(100),
    instructor_id integer,
    total integer NOT NULL,
    created_at timestamp with time zone NOT NULL,
    platform_id integer NOT NULL
);


--
-- Name: regrades_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.regrades_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: regrades_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.regrades_id_seq OWNED BY ag_upgrade_fixture.regrades.id;


--
-- Name: results; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.results (
    id integer NOT NULL,
    submission_id character varying(32) NOT NULL,
    course_id integer NOT NULL,
    challenge character varying(100) NOT NULL,
    challenge_version integer NOT NULL,
    status character varying(10) NOT NULL,
    score double precision NOT NULL,
    points integer NOT NULL,
    max_points integer NOT NULL,
    error_kind character varying(40),
    error_message text,
    error_line integer,
    stdout text NOT NULL,
    grading_ms double precision NOT NULL,
    created_at timestamp with time zone NOT NULL,
    document text,
    translation text
);


--
-- Name: results_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.results_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: results_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.results_id_seq OWNED BY ag_upgrade_fixture.results.id;


--
-- Name: roster_members; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.roster_members (
    id integer NOT NULL,
    course_id integer NOT NULL,
    student character varying(200) NOT NULL,
    name character varying(200),
    status character varying(10) NOT NULL,
    seen_at timestamp with time zone NOT NULL
);


--
-- Name: roster_members_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.roster_members_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: roster_members_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.roster_members_id_seq OWNED BY ag_upgrade_fixture.roster_members.id;


--
-- Name: roster_syncs; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.roster_syncs (
    course_id integer NOT NULL,
    requested_at timestamp with time zone,
    synced_at timestamp with time zone,
    members integer NOT NULL,
    skipped integer NOT NULL,
    error text
);


--
-- Name: students; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.students (
    id integer NOT NULL,
    course_id integer NOT NULL,
    external_id character varying(200) NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: students_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.students_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: students_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.students_id_seq OWNED BY ag_upgrade_fixture.students.id;


--
-- Name: submissions; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.submissions (
    id character varying(32) NOT NULL,
    platform_id integer NOT NULL,
    api_key_id integer NOT NULL,
    course_id integer NOT NULL,
    student_id integer NOT NULL,
    challenge character varying(100) NOT NULL,
    lang character varying(2) NOT NULL,
    code text NOT NULL,
    status character varying(10) NOT NULL,
    score double precision,
    idempotency_key character varying(200),
    callback_url character varying(2000),
    attempts integer NOT NULL,
    created_at timestamp with time zone NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    sent_at timestamp with time zone,
    idempotency_fingerprint character varying(64)
);


--
-- Name: test_outcomes; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.test_outcomes (
    id integer NOT NULL,
    result_id integer NOT NULL,
    course_id integer NOT NULL,
    challenge character varying(100) NOT NULL,
    "position" integer NOT NULL,
    test_id character varying(100) NOT NULL,
    category character varying(60) NOT NULL,
    passed boolean NOT NULL,
    points integer NOT NULL,
    max_points integer NOT NULL,
    message text NOT NULL
);


--
-- Name: test_outcomes_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.test_outcomes_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: test_outcomes_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.test_outcomes_id_seq OWNED BY ag_upgrade_fixture.test_outcomes.id;


--
-- Name: webhook_deliveries; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.webhook_deliveries (
    id integer NOT NULL,
    submission_id character varying(32) NOT NULL,
    url character varying(2000) NOT NULL,
    attempt integer NOT NULL,
    status_code integer,
    error text,
    delivered boolean NOT NULL,
    duration_ms double precision NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: webhook_deliveries_id_seq; Type: SEQUENCE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE SEQUENCE ag_upgrade_fixture.webhook_deliveries_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: webhook_deliveries_id_seq; Type: SEQUENCE OWNED BY; Schema: ag_upgrade_fixture; Owner: -
--

ALTER SEQUENCE ag_upgrade_fixture.webhook_deliveries_id_seq OWNED BY ag_upgrade_fixture.webhook_deliveries.id;


--
-- Name: workers; Type: TABLE; Schema: ag_upgrade_fixture; Owner: -
--

CREATE TABLE ag_upgrade_fixture.workers (
    name character varying(200) NOT NULL,
    layers text NOT NULL,
    started_at timestamp with time zone NOT NULL,
    seen_at timestamp with time zone NOT NULL
);


--
-- Name: api_keys id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.api_keys ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.api_keys_id_seq'::regclass);


--
-- Name: course_policies id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.course_policies ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.course_policies_id_seq'::regclass);


--
-- Name: courses id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.courses ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.courses_id_seq'::regclass);


--
-- Name: diagnoses id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.diagnoses ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.diagnoses_id_seq'::regclass);


--
-- Name: due_extensions id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.due_extensions ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.due_extensions_id_seq'::regclass);


--
-- Name: instructors id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.instructors ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.instructors_id_seq'::regclass);


--
-- Name: lms_due_dates id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lms_due_dates ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.lms_due_dates_id_seq'::regclass);


--
-- Name: lti_contexts id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_contexts ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.lti_contexts_id_seq'::regclass);


--
-- Name: lti_links id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_links ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.lti_links_id_seq'::regclass);


--
-- Name: lti_registrations id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_registrations ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.lti_registrations_id_seq'::regclass);


--
-- Name: lti_tool_keys id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_tool_keys ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.lti_tool_keys_id_seq'::regclass);


--
-- Name: platforms id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.platforms ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.platforms_id_seq'::regclass);


--
-- Name: regrades id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.regrades ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.regrades_id_seq'::regclass);


--
-- Name: results id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.results ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.results_id_seq'::regclass);


--
-- Name: roster_members id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.roster_members ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.roster_members_id_seq'::regclass);


--
-- Name: students id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.students ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.students_id_seq'::regclass);


--
-- Name: test_outcomes id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.test_outcomes ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.test_outcomes_id_seq'::regclass);


--
-- Name: webhook_deliveries id; Type: DEFAULT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.webhook_deliveries ALTER COLUMN id SET DEFAULT nextval('ag_upgrade_fixture.webhook_deliveries_id_seq'::regclass);


--
-- Data for Name: agg_buckets; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.agg_buckets (course_id, challenge, bucket, students) FROM stdin;
1	layer_norm	1	0
1	layer_norm	10	2
1	atencion_causal	6	1
1	layer_norm	5	1
1	bloque	6	2
1	layer_norm	0	1
\.


--
-- Data for Name: agg_challenges; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.agg_challenges (course_id, challenge, tried, reached_100, attempts, errored) FROM stdin;
1	atencion_causal	1	0	1	0
1	bloque	2	0	2	0
1	layer_norm	4	2	5	1
\.


--
-- Data for Name: agg_diagnoses; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.agg_diagnoses (course_id, challenge, diagnosis_id, students, holders) FROM stdin;
1	bloque	missing_first_residual	1	1
1	bloque	missing_second_residual	1	1
1	layer_norm	normalizes_by_column	1	0
1	atencion_causal	masks_cross_attention	1	1
1	layer_norm	eps_outside_root	1	1
1	bloque	missing_bias_b1	1	1
1	bloque	missing_bias_b2	1	1
\.


--
-- Data for Name: agg_errors; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.agg_errors (course_id, challenge, kind, attempts) FROM stdin;
1	layer_norm	syntax	1
\.


--
-- Data for Name: agg_student_challenges; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.agg_student_challenges (course_id, challenge, student_id, external_id, attempts, best, last_at, diagnoses, current_diagnoses) FROM stdin;
1	layer_norm	1	ana	1	100	2026-12-04 21:14:27.813904+00		
1	bloque	1	ana	1	63.89	2026-12-04 21:14:28.005666+00	missing_first_residual;missing_second_residual	missing_first_residual;missing_second_residual
1	layer_norm	2	ben	2	100	2026-12-04 21:14:28.298916+00	normalizes_by_column	
1	atencion_causal	4	carla	1	64	2026-12-04 21:14:28.335851+00	masks_cross_attention	masks_cross_attention
1	layer_norm	4	carla	1	50	2026-12-04 21:14:28.414799+00	eps_outside_root	eps_outside_root
1	bloque	6	dario	1	69.44	2026-12-04 21:14:28.498549+00	missing_bias_b1;missing_bias_b2	missing_bias_b1;missing_bias_b2
1	layer_norm	7	elena	1	0	2026-12-04 21:14:28.675595+00		
\.


--
-- Data for Name: agg_students; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.agg_students (course_id, student_id, external_id, attempts, last_at) FROM stdin;
1	1	ana	2	2026-12-04 21:14:28.005666+00
1	2	ben	2	2026-12-04 21:14:28.298916+00
1	4	carla	2	2026-12-04 21:14:28.414799+00
1	6	dario	1	2026-12-04 21:14:28.498549+00
1	7	elena	1	2026-12-04 21:14:28.675595+00
\.


--
-- Data for Name: agg_tests; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.agg_tests (course_id, challenge, test_id, category, "position", ran, failed, errored) FROM stdin;
1	bloque	attention_once_on_input	attention	12	2	0	0
1	bloque	block_inputs_untouched	purity	19	2	0	0
1	bloque	block_random_reference	comparison	20	2	2	0
1	bloque	block_shape	shape	11	2	0	0
1	bloque	ffn_biases	ffn	18	2	2	0
1	bloque	ffn_relu	ffn	17	2	2	0
1	bloque	first_residual	residual	13	2	1	0
1	bloque	ln_constant_row	stability	5	2	0	0
1	bloque	ln_eps_argument	parameters	7	2	0	0
1	bloque	ln_eps_inside_root	stability	6	2	0	0
1	bloque	ln_gamma_beta_per_coordinate	parameters	3	2	0	0
1	bloque	ln_inputs_untouched	purity	9	2	0	0
1	bloque	ln_large_values	stability	8	2	0	0
1	bloque	ln_population_deviation	normalization	4	2	0	0
1	bloque	ln_random_reference	comparison	10	2	0	0
1	bloque	ln_row_independence	independence	2	2	0	0
1	bloque	ln_rows_mean0_std1	normalization	1	2	0	0
1	bloque	ln_shape	shape	0	2	0	0
1	bloque	norm_parameter_pairs	parameters	16	2	2	0
1	bloque	post_norm	normalization	15	2	0	0
1	bloque	second_residual	residual	14	2	2	0
1	layer_norm	constant_row	stability	5	4	2	1
1	layer_norm	eps_argument	parameters	7	4	2	1
1	layer_norm	eps_inside_root	stability	6	4	2	1
1	layer_norm	float32_input	stability	8	4	1	1
1	layer_norm	gamma_beta_per_coordinate	parameters	3	4	2	1
1	atencion_causal	causality	causality	8	1	0	0
1	atencion_causal	cross_attention_unmasked	mask	9	1	1	0
1	atencion_causal	first_row_one_hot	mask	5	1	0	0
1	atencion_causal	inputs_untouched	purity	13	1	0	0
1	atencion_causal	large_scores	stability	11	1	1	0
1	atencion_causal	mask_live_cells	mask	2	1	0	0
1	atencion_causal	mask_shape	shape	0	1	0	0
1	atencion_causal	mask_values	mask	1	1	0	0
1	atencion_causal	masked_cells_dead	mask	6	1	0	0
1	atencion_causal	random_reference	comparison	14	1	1	0
1	atencion_causal	rows_sum_to_one	normalization	7	1	0	0
1	atencion_causal	scaling	scaling	12	1	1	0
1	atencion_causal	shape_cross	shape	4	1	0	0
1	atencion_causal	shape_self	shape	3	1	0	0
1	atencion_causal	uses_given_mask	mask	10	1	0	0
1	layer_norm	inputs_untouched	purity	11	4	0	1
1	layer_norm	large_values	stability	9	4	1	1
1	layer_norm	population_deviation	normalization	4	4	2	1
1	layer_norm	random_reference	comparison	12	4	2	1
1	layer_norm	row_independence	independence	2	4	1	1
1	layer_norm	rows_mean0_std1	normalization	1	4	1	1
1	layer_norm	shape	shape	0	4	0	1
1	layer_norm	single_coordinate	shape	10	4	1	1
\.


--
-- Data for Name: agg_versions; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.agg_versions (course_id, challenge, version, submissions) FROM stdin;
1	atencion_causal	1	1
1	bloque	1	2
1	layer_norm	1	5
\.


--
-- Data for Name: alembic_version; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.alembic_version (version_num) FROM stdin;
0016_rosters
\.


--
-- Data for Name: api_keys; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.api_keys (id, platform_id, prefix, key_hash, webhook_secret_sealed, created_at, revoked_at, last_used_at, expires_at) FROM stdin;
1	1	fa75a7f46d93	b165c5935588db56c0f4f919f0c539a41f38bc422f5eb088773d243de03f89f1	gAAAAABrEy0mEfrQXtxnh1bPFgh_8GcNX1-iEWJuT-fZbl61rBSSgDJsQCH3hZl2D4tNqP2fmgqXMnA4XyCXKHxC6J3myWK5oGq8LIbBSUqMVwbgu2akAs2TrNow5QzZJAx8STsUqUu4FVZGtqKvUkU0jd1wQ5PyXA==	2026-12-04 21:14:14.467345+00	\N	2026-12-04 21:14:27.725671+00	\N
\.


--
-- Data for Name: course_policies; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.course_policies (id, course_id, challenge, max_attempts, cooldown_seconds, window_attempts, window_seconds, updated_at, due_at, late_policy, late_penalty_percent) FROM stdin;
1	1	layer_norm	5	\N	\N	\N	2026-12-04 21:14:27.750144+00	\N	\N	\N
\.


--
-- Data for Name: courses; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.courses (id, platform_id, slug, created_at) FROM stdin;
1	1	ia-2026	2026-12-04 21:14:27.732948+00
\.


--
-- Data for Name: dashboard_sessions; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.dashboard_sessions (token_hash, instructor_id, created_at, expires_at) FROM stdin;
\.


--
-- Data for Name: diagnoses; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.diagnoses (id, result_id, course_id, challenge, "position", diagnosis_id, message) FROM stdin;
1	2	1	bloque	0	missing_first_residual	The first residual connection is missing: you normalise atencion(X) without adding X. A sublayer does not replace what it receives: LayerNorm(X + atencion(X)).
2	2	1	bloque	1	missing_second_residual	The second residual connection is missing: you normalise FFN(H) without adding H. The position-wise perceptron is wrapped too: LayerNorm(H + FFN(H)).
3	3	1	layer_norm	0	normalizes_by_column	You normalise by columns (axis=0): that is batch normalisation. In layer norm each row uses its own mean μ_t and deviation s_t; that is why touching row 4 must not move row 0.
4	5	1	atencion_causal	0	masks_cross_attention	You mask even when mascara is None: your atencion builds a −∞ triangle of its own, and so it also strikes out the cross-attention. There is no mask there: what is forbidden is reading what has not been written yet, and the input was read whole before starting; source position T_x is available from the first token. Add only the mask you are given.
5	6	1	layer_norm	0	eps_outside_root	You add ε outside the root (dividing by s + ε). The formula is √(s_t² + ε): ε is added to the variance.
6	7	1	bloque	0	missing_bias_b1	The bias b1 of the perceptron's first layer is missing: ReLU(H W1 + b1).
7	7	1	bloque	1	missing_bias_b2	The bias b2 of the perceptron's second layer is missing: ReLU(H W1 + b1) W2 + b2.
\.


--
-- Data for Name: due_extensions; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.due_extensions (id, course_id, student, challenge, due_at, updated_at) FROM stdin;
1	1	ben	layer_norm	2026-12-31 22:59:00+00	2026-12-04 21:14:27.783725+00
\.


--
-- Data for Name: instructor_courses; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.instructor_courses (instructor_id, course, platform_id) FROM stdin;
\.


--
-- Data for Name: instructors; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.instructors (id, email, password_hash, created_at) FROM stdin;
\.


--
-- Data for Name: key_scopes; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.key_scopes (key_id, course) FROM stdin;
1	ia-2026
\.


--
-- Data for Name: lms_due_dates; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.lms_due_dates (id, course_id, challenge, due_at, updated_at) FROM stdin;
\.


--
-- Data for Name: lti_contexts; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.lti_contexts (id, registration_id, context_id, course, score_mode, memberships_url) FROM stdin;
\.


--
-- Data for Name: lti_deployments; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.lti_deployments (registration_id, deployment_id) FROM stdin;
\.


--
-- Data for Name: lti_learners; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.lti_learners (context_id, student, sub) FROM stdin;
\.


--
-- Data for Name: lti_links; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.lti_links (id, context_id, resource_link_id, deployment_id, challenge, lang, lineitem_url, lineitems_url, scopes) FROM stdin;
\.


--
-- Data for Name: lti_registrations; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.lti_registrations (id, platform_id, api_key_id, issuer, client_id, login_url, token_url, jwks_url, token_audience, frame_origin, created_at) FROM stdin;
\.


--
-- Data for Name: lti_scores; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.lti_scores (submission_id, link_id, student, state, score_sent, tries, error, created_at, sent_at, tried_at) FROM stdin;
\.


--
-- Data for Name: lti_tool_keys; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.lti_tool_keys (id, kid, private_pem, public_jwk, created_at, retired_at) FROM stdin;
1	sKxiThpMmbTL1ecX	-----BEGIN PRIVATE KEY-----\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC+tAZPAzFQQUjq\nOa4V77Fg1Z4mZnjBbvN/cvd0bH0VBRDwUjDSq1r5hd/wDSSgEHRIVYBPMA3JaAnC\n5UljGv7raYY8glMPWDgGAT/YFABNHPU9TcrK+xq+a16o6DtV8ztflo/8rlYQaU0j\nPS9uLe/S+rIhY6TCoSZToYGmVH4G8zF7veRJX/VSAI7eBOugu8QOAeVm02FVTArh\nd1mS+ou2iDcdns9rAv8llsfFFBDCAo6lju+pymHcWO0PK5xbsTSPeY4XW3aR6hkX\nSYIgwtYmp2ME47Ye9EwWmXMBp28lFFKwcUBcg0PiIVEAXoKHWjldrSKtA1xxHY7n\nK5KkVkyPAgMBAAECggEAKkpW+c+t8GvB5TtsWS4CCoTk4QQpdFAMDK/so3Npm683\nbev0KsvYTWx8WEo53Is5lk7ruOPhss/xFjjtuN4kOQV6QNHv5H++UMqXI25wEKnC\n0tj9B11/NUovQErb2bgqawzDGph4uoP3mMB5U7g5LnLs7M2hnI3LJ5Gx5DZpilWi\ncpN+yzywO1BSUQQ0/xec5/7Un+IeycN9DDhZZRVInZBjZ5/G1KOnMvX3nyeeH3Ur\n/uCzmUFuXQVK2YCh9Jp7zzr2sx6jzTf92fBU5quiOp8P0Tu7ous6Y5KTdVEY4X/4\nhSPfYkHbH+K7EFULqU80VmvrsNvlVgrvfE2T5cX30QKBgQD4NZPKc8PX4y5/XJez\nQsFJSflNL/2R/QXTdKdv75We7+MdEl7/GNzSY5TyE9I570eV8Kz/eUMsJ8eR7k5e\nNY8eJ5ZItag83ZW/Kfh9+GN9JZdNPIJuB2j2YYRgL4OuYrY2qqojy3cECaHB5fAu\nbPoAsVWCQL/3BEEiRpE+fnjHkQKBgQDEsF84O5/XSsEEKioDDTbRZpEmEZFE3KIm\nWBlu9qMZuxS5qEU0X2L93bh6UK59Oc4aBgLpt40pUH0H+VrzAF5o6sRwKCyOKNXV\nhS0scSVjlgF3VddKxodkfUoBJYjQAv0q92yC17+F12QgFj7gD7iyQUJj8o30cDG2\nj1bsYjcCHwKBgHPIMk+vHr0XGXqJy63wRs+UNTnfWA6Ak/YmpXBet1GznyLRjgS7\nKU7u6uzdeCRUTPVRlrF5dG8lgz+8hUwG+eLcHot+SaNSzealgmfotSgMn/6Eamc/\nB6RequxfXbK8Ezl+9OzLnZIBmDYlt5tAdIJcNoITCDkHAAcoGdqoDlkxAoGBAIix\n9wtSzOzIZEqrrxT92wo/GUN21BoiqIKzmcF3obThQy8gljAm1tqOfIZtikc3pFiL\nsvyRd4auDKc9Eottxy9tceZs1UJbePlzHAkV/aEvgIdaXkz2muQo+wS+/E1stlxl\nJsHshYvUPR7btwjrhDZGioiB60xlqPcyuXuBaq+LAoGBANCFyo3woysgZHmLj3xo\nL7JfjuvWwLevqTxLz952TbOLzdT+tMsHeXnxE1gfNYaiMjL6ghPtmMkLvmuWWuLL\n8xBtQtEK0ArDIniVZLAjuPls8e+lxR9V02UAMUwSWwHDn1oXRjLOtH3TMU6jhU8g\nfveejTQ0BylXjRhsO8KRDjeL\n-----END PRIVATE KEY-----\n	{"alg": "RS256", "e": "AQAB", "kid": "sKxiThpMmbTL1ecX", "kty": "RSA", "n": "vrQGTwMxUEFI6jmuFe-xYNWeJmZ4wW7zf3L3dGx9FQUQ8FIw0qta-YXf8A0koBB0SFWATzANyWgJwuVJYxr-62mGPIJTD1g4BgE_2BQATRz1PU3KyvsavmteqOg7VfM7X5aP_K5WEGlNIz0vbi3v0vqyIWOkwqEmU6GBplR-BvMxe73kSV_1UgCO3gTroLvEDgHlZtNhVUwK4XdZkvqLtog3HZ7PawL_JZbHxRQQwgKOpY7vqcph3FjtDyucW7E0j3mOF1t2keoZF0mCIMLWJqdjBOO2HvRMFplzAadvJRRSsHFAXIND4iFRAF6Ch1o5Xa0irQNccR2O5yuSpFZMjw", "use": "sig"}	2026-12-04 21:14:28.95481+00	\N
\.


--
-- Data for Name: lti_values; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.lti_values (key, value, expires_at) FROM stdin;
\.


--
-- Data for Name: platforms; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.platforms (id, name, created_at) FROM stdin;
1	moodle	2026-12-04 21:14:14.454909+00
\.


--
-- Data for Name: refused_attempts; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.refused_attempts (id, course_id, student_id, challenge, lang, code, reason, retry_at, created_at) FROM stdin;
\.


--
-- Data for Name: regrade_items; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.regrade_items (regrade_id, submission_id, challenge_version) FROM stdin;
\.


--
-- Data for Name: regrades; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.regrades (id, course, challenge, instructor_id, total, created_at, platform_id) FROM stdin;
\.


--
-- Data for Name: results; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.results (id, submission_id, course_id, challenge, challenge_version, status, score, points, max_points, error_kind, error_message, error_line, stdout, grading_ms, created_at, document, translation) FROM stdin;
1	be89f6f2742c47c9be252121ae975364	1	layer_norm	1	done	100	18	18	\N	\N	\N		11.12	2026-12-04 21:14:27.953556+00	{"challenge":"layer_norm","status":"done","score":100.0,"points":18,"max_points":18,"diagnoses":[],"causes":[],"note":null,"localisation":null,"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"The output has the input's shape (T, d_model)","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1","explained_by":[]},{"id":"row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"Touching row 4 does not move row 0: each row is normalised on its own","explained_by":[]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"gamma and beta apply coordinate by coordinate","explained_by":[]},{"id":"population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"The standard deviation is the population one (divide by d_model)","explained_by":[]},{"id":"constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"A constant row comes out finite (equal to beta)","explained_by":[]},{"id":"eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"ε is added to the variance, inside the root","explained_by":[]},{"id":"eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"A non-default eps is honoured","explained_by":[]},{"id":"float32_input","category":"stability","passed":true,"points":1,"max_points":1,"message":"Works on float32 input","explained_by":[]},{"id":"large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"Large values (1e8 + noise) normalise correctly","explained_by":[]},{"id":"single_coordinate","category":"shape","passed":true,"points":1,"max_points":1,"message":"With d_model = 1 every row comes out equal to beta","explained_by":[]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"Does not modify the arrays it receives","explained_by":[]},{"id":"random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"Matches the reference on random inputs (rtol 1e-6, atol 1e-8)","explained_by":[]}],"error":null,"stdout":"","grading_ms":11.12}	{"challenge":"layer_norm","status":"done","score":100.0,"points":18,"max_points":18,"diagnoses":[],"causes":[],"note":null,"localisation":null,"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"La salida tiene la forma (T, d_model) de la entrada","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1","explained_by":[]},{"id":"row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola","explained_by":[]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"gamma y beta se aplican coordenada a coordenada","explained_by":[]},{"id":"population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"La desviación típica es la poblacional (divide entre d_model)","explained_by":[]},{"id":"constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"Una fila constante sale finita (igual a beta)","explained_by":[]},{"id":"eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"ε se suma a la varianza, dentro de la raíz","explained_by":[]},{"id":"eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"Se respeta un eps distinto del valor por defecto","explained_by":[]},{"id":"float32_input","category":"stability","passed":true,"points":1,"max_points":1,"message":"Funciona con entrada float32","explained_by":[]},{"id":"large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"Valores grandes (1e8 + ruido) se normalizan bien","explained_by":[]},{"id":"single_coordinate","category":"shape","passed":true,"points":1,"max_points":1,"message":"Con d_model = 1 cada fila sale igual a beta","explained_by":[]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"No modifica los arrays que recibe","explained_by":[]},{"id":"random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8)","explained_by":[]}],"error":null,"stdout":"","grading_ms":11.12}
2	0d1b41c9330f4ae6be71d97d93b30f68	1	bloque	1	done	63.89	23	36	\N	\N	\N		122.68	2026-12-04 21:14:28.173536+00	{"challenge":"bloque","status":"done","score":63.89,"points":23,"max_points":36,"diagnoses":[{"id":"missing_first_residual","message":"The first residual connection is missing: you normalise atencion(X) without adding X. A sublayer does not replace what it receives: LayerNorm(X + atencion(X)).","explains":["first_residual","second_residual","norm_parameter_pairs","ffn_relu","ffn_biases","block_random_reference"]},{"id":"missing_second_residual","message":"The second residual connection is missing: you normalise FFN(H) without adding H. The position-wise perceptron is wrapped too: LayerNorm(H + FFN(H)).","explains":["first_residual","second_residual","norm_parameter_pairs","ffn_biases","block_random_reference"]}],"causes":[],"note":null,"localisation":{"function":"bloque","line":11,"code":"H = layer_norm(atencion(X), p[\\"gamma1\\"], p[\\"beta1\\"])","message":"From its first step, your bloque computes something else than the lesson. Line 11, `H = layer_norm(atencion(X), p[\\"gamma1\\"], p[\\"beta1\\"])`, is where they part: what your layer_norm gets as X is off from the lesson's value by up to 5.3."},"tests":[{"id":"ln_shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"layer_norm: The output has the input's shape (T, d_model)","explained_by":[]},{"id":"ln_rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"layer_norm: With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1","explained_by":[]},{"id":"ln_row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"layer_norm: Touching row 4 does not move row 0: each row is normalised on its own","explained_by":[]},{"id":"ln_gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"layer_norm: gamma and beta apply coordinate by coordinate","explained_by":[]},{"id":"ln_population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"layer_norm: The standard deviation is the population one (divide by d_model)","explained_by":[]},{"id":"ln_constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: A constant row comes out finite (equal to beta)","explained_by":[]},{"id":"ln_eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: ε is added to the variance, inside the root","explained_by":[]},{"id":"ln_eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"layer_norm: A non-default eps is honoured","explained_by":[]},{"id":"ln_large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: Large values (1e8 + noise) normalise correctly","explained_by":[]},{"id":"ln_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"layer_norm: Does not modify the arrays it receives","explained_by":[]},{"id":"ln_random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"layer_norm: Matches the reference on random inputs (rtol 1e-6, atol 1e-8)","explained_by":[]},{"id":"block_shape","category":"shape","passed":true,"points":2,"max_points":2,"message":"bloque returns (T, d_model), also with T = 1 and d_ff ≠ d_model","explained_by":[]},{"id":"attention_once_on_input","category":"attention","passed":true,"points":2,"max_points":2,"message":"atencion is applied once, to the X entering the block","explained_by":[]},{"id":"first_residual","category":"residual","passed":false,"points":0,"max_points":2,"message":"First sublayer: LayerNorm(X + atencion(X)): not met, because your bloque does not add X to the attention's output (the first residual connection is missing) and does not add H to the perceptron's output (the second residual connection is missing) (is off by up to 1.85 from the right value)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"second_residual","category":"residual","passed":false,"points":0,"max_points":2,"message":"Second sublayer: LayerNorm(H + FFN(H)): not met, because your bloque does not add X to the attention's output (the first residual connection is missing) and does not add H to the perceptron's output (the second residual connection is missing) (is off by up to 3.65 from the right value)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"post_norm","category":"normalization","passed":true,"points":2,"max_points":2,"message":"The block ends in a layer norm (post-norm)","explained_by":[]},{"id":"norm_parameter_pairs","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma1/beta1 in the first normalisation, gamma2/beta2 in the second: not met, because your bloque does not add X to the attention's output (the first residual connection is missing) and does not add H to the perceptron's output (the second residual connection is missing) (is off by up to 1.05 from the right value)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"ffn_relu","category":"ffn","passed":false,"points":0,"max_points":2,"message":"The position-wise perceptron has ReLU between its two layers: not met, because your bloque does not add X to the attention's output (the first residual connection is missing) (is off by up to 2.93 from the right value)","explained_by":["missing_first_residual"]},{"id":"ffn_biases","category":"ffn","passed":false,"points":0,"max_points":2,"message":"Both biases b1 and b2 are added: not met, because your bloque does not add X to the attention's output (the first residual connection is missing) and does not add H to the perceptron's output (the second residual connection is missing) (is off by up to 2.43 from the right value)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"block_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"bloque modifies neither X nor the arrays in p","explained_by":[]},{"id":"block_random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Matches the reference on random blocks (rtol 1e-6, atol 1e-8): not met, because your bloque does not add X to the attention's output (the first residual connection is missing) and does not add H to the perceptron's output (the second residual connection is missing) (is off by up to 0.815 from the right value)","explained_by":["missing_first_residual","missing_second_residual"]}],"error":null,"stdout":"","grading_ms":122.68}	{"challenge":"bloque","status":"done","score":63.89,"points":23,"max_points":36,"diagnoses":[{"id":"missing_first_residual","message":"Falta la primera conexión residual: normalizas atencion(X) sin sumarle X. La subcapa no reemplaza lo que recibe: LayerNorm(X + atencion(X)).","explains":["first_residual","second_residual","norm_parameter_pairs","ffn_relu","ffn_biases","block_random_reference"]},{"id":"missing_second_residual","message":"Falta la segunda conexión residual: normalizas FFN(H) sin sumarle H. También el perceptrón por posiciones va envuelto: LayerNorm(H + FFN(H)).","explains":["first_residual","second_residual","norm_parameter_pairs","ffn_biases","block_random_reference"]}],"causes":[],"note":null,"localisation":{"function":"bloque","line":11,"code":"H = layer_norm(atencion(X), p[\\"gamma1\\"], p[\\"beta1\\"])","message":"Desde su primer paso, tu bloque calcula otra cosa que la lección. La línea 11, `H = layer_norm(atencion(X), p[\\"gamma1\\"], p[\\"beta1\\"])`, es donde se separan: lo que tu layer_norm recibe como X se aleja hasta 5.3 del valor de la lección."},"tests":[{"id":"ln_shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"layer_norm: La salida tiene la forma (T, d_model) de la entrada","explained_by":[]},{"id":"ln_rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"layer_norm: Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1","explained_by":[]},{"id":"ln_row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"layer_norm: Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola","explained_by":[]},{"id":"ln_gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"layer_norm: gamma y beta se aplican coordenada a coordenada","explained_by":[]},{"id":"ln_population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"layer_norm: La desviación típica es la poblacional (divide entre d_model)","explained_by":[]},{"id":"ln_constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: Una fila constante sale finita (igual a beta)","explained_by":[]},{"id":"ln_eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: ε se suma a la varianza, dentro de la raíz","explained_by":[]},{"id":"ln_eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"layer_norm: Se respeta un eps distinto del valor por defecto","explained_by":[]},{"id":"ln_large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: Valores grandes (1e8 + ruido) se normalizan bien","explained_by":[]},{"id":"ln_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"layer_norm: No modifica los arrays que recibe","explained_by":[]},{"id":"ln_random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"layer_norm: Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8)","explained_by":[]},{"id":"block_shape","category":"shape","passed":true,"points":2,"max_points":2,"message":"bloque devuelve (T, d_model), también con T = 1 y d_ff ≠ d_model","explained_by":[]},{"id":"attention_once_on_input","category":"attention","passed":true,"points":2,"max_points":2,"message":"atencion se aplica una vez, a la X que entra en el bloque","explained_by":[]},{"id":"first_residual","category":"residual","passed":false,"points":0,"max_points":2,"message":"Primera subcapa: LayerNorm(X + atencion(X)): no se cumple porque tu bloque no suma X a la salida de la atención (falta la primera conexión residual) y no suma H a la salida del perceptrón (falta la segunda conexión residual) (se aleja hasta 1.85 del valor correcto)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"second_residual","category":"residual","passed":false,"points":0,"max_points":2,"message":"Segunda subcapa: LayerNorm(H + FFN(H)): no se cumple porque tu bloque no suma X a la salida de la atención (falta la primera conexión residual) y no suma H a la salida del perceptrón (falta la segunda conexión residual) (se aleja hasta 3.65 del valor correcto)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"post_norm","category":"normalization","passed":true,"points":2,"max_points":2,"message":"El bloque termina en un layer norm (post-norm)","explained_by":[]},{"id":"norm_parameter_pairs","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma1/beta1 en la primera normalización, gamma2/beta2 en la segunda: no se cumple porque tu bloque no suma X a la salida de la atención (falta la primera conexión residual) y no suma H a la salida del perceptrón (falta la segunda conexión residual) (se aleja hasta 1.05 del valor correcto)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"ffn_relu","category":"ffn","passed":false,"points":0,"max_points":2,"message":"El perceptrón por posiciones lleva ReLU entre sus dos capas: no se cumple porque tu bloque no suma X a la salida de la atención (falta la primera conexión residual) (se aleja hasta 2.93 del valor correcto)","explained_by":["missing_first_residual"]},{"id":"ffn_biases","category":"ffn","passed":false,"points":0,"max_points":2,"message":"Los dos sesgos b1 y b2 se suman: no se cumple porque tu bloque no suma X a la salida de la atención (falta la primera conexión residual) y no suma H a la salida del perceptrón (falta la segunda conexión residual) (se aleja hasta 2.43 del valor correcto)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"block_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"bloque no modifica X ni los arrays de p","explained_by":[]},{"id":"block_random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Coincide con la referencia en bloques aleatorios (rtol 1e-6, atol 1e-8): no se cumple porque tu bloque no suma X a la salida de la atención (falta la primera conexión residual) y no suma H a la salida del perceptrón (falta la segunda conexión residual) (se aleja hasta 0.815 del valor correcto)","explained_by":["missing_first_residual","missing_second_residual"]}],"error":null,"stdout":"","grading_ms":122.68}
3	95da4a9022b34160a68be11df320a2dc	1	layer_norm	1	done	11.11	2	18	\N	\N	\N		30.46	2026-12-04 21:14:28.273509+00	{"challenge":"layer_norm","status":"done","score":11.11,"points":2,"max_points":18,"diagnoses":[{"id":"normalizes_by_column","message":"You normalise by columns (axis=0): that is batch normalisation. In layer norm each row uses its own mean μ_t and deviation s_t; that is why touching row 4 must not move row 0.","explains":["rows_mean0_std1","row_independence","gamma_beta_per_coordinate","population_deviation","constant_row","eps_inside_root","eps_argument","float32_input","large_values","single_coordinate","random_reference"]}],"causes":[],"note":null,"localisation":{"function":"layer_norm","line":6,"code":"media = np.mean(X, axis=0)","message":"From its first step, your layer_norm computes something else than the lesson. Line 6, `media = np.mean(X, axis=0)`, is where they part: your media has shape (32,), the lesson's value has (10, 1) (there the lesson computes μ_t, each row's mean)."},"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"The output has the input's shape (T, d_model)","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":false,"points":0,"max_points":2,"message":"With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (row means [-0.158, -0.038, 0.075, -0.214, 0.335], deviations [0.895, 0.674, 1.245, 1.196, 0.759])","explained_by":["normalizes_by_column"]},{"id":"row_independence","category":"independence","passed":false,"points":0,"max_points":2,"message":"Touching row 4 does not move row 0: each row is normalised on its own: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (row 0 moved by 1.37)","explained_by":["normalizes_by_column"]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma and beta apply coordinate by coordinate: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 2.64 from the right value)","explained_by":["normalizes_by_column"]},{"id":"population_deviation","category":"normalization","passed":false,"points":0,"max_points":1,"message":"The standard deviation is the population one (divide by d_model): not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 2.66 from the right value)","explained_by":["normalizes_by_column"]},{"id":"constant_row","category":"stability","passed":false,"points":0,"max_points":1,"message":"A constant row comes out finite (equal to beta): not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 4.55 from the right value)","explained_by":["normalizes_by_column"]},{"id":"eps_inside_root","category":"stability","passed":false,"points":0,"max_points":1,"message":"ε is added to the variance, inside the root: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 0.84 from the right value)","explained_by":["normalizes_by_column"]},{"id":"eps_argument","category":"parameters","passed":false,"points":0,"max_points":1,"message":"A non-default eps is honoured: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 0.71 from the right value)","explained_by":["normalizes_by_column"]},{"id":"float32_input","category":"stability","passed":false,"points":0,"max_points":1,"message":"Works on float32 input: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 1.55 from the right value)","explained_by":["normalizes_by_column"]},{"id":"large_values","category":"stability","passed":false,"points":0,"max_points":1,"message":"Large values (1e8 + noise) normalise correctly: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 1.61 from the right value)","explained_by":["normalizes_by_column"]},{"id":"single_coordinate","category":"shape","passed":false,"points":0,"max_points":1,"message":"With d_model = 1 every row comes out equal to beta: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 2.92 from the right value)","explained_by":["normalizes_by_column"]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"Does not modify the arrays it receives","explained_by":[]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Matches the reference on random inputs (rtol 1e-6, atol 1e-8): not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 1.44 from the right value)","explained_by":["normalizes_by_column"]}],"error":null,"stdout":"","grading_ms":30.46}	{"challenge":"layer_norm","status":"done","score":11.11,"points":2,"max_points":18,"diagnoses":[{"id":"normalizes_by_column","message":"Normalizas por columnas (axis=0): eso es la normalización por batch. En el layer norm cada fila usa su propia media μ_t y su desviación s_t; por eso al tocar la fila 4 la fila 0 no debe moverse.","explains":["rows_mean0_std1","row_independence","gamma_beta_per_coordinate","population_deviation","constant_row","eps_inside_root","eps_argument","float32_input","large_values","single_coordinate","random_reference"]}],"causes":[],"note":null,"localisation":{"function":"layer_norm","line":6,"code":"media = np.mean(X, axis=0)","message":"Desde su primer paso, tu layer_norm calcula otra cosa que la lección. La línea 6, `media = np.mean(X, axis=0)`, es donde se separan: tu media tiene forma (32,) y el valor de la lección, (10, 1) (ahí la lección calcula μ_t, la media de cada fila)."},"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"La salida tiene la forma (T, d_model) de la entrada","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":false,"points":0,"max_points":2,"message":"Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (medias por fila [-0.158, -0.038, 0.075, -0.214, 0.335], desviaciones [0.895, 0.674, 1.245, 1.196, 0.759])","explained_by":["normalizes_by_column"]},{"id":"row_independence","category":"independence","passed":false,"points":0,"max_points":2,"message":"Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (la fila 0 se movió 1.37)","explained_by":["normalizes_by_column"]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma y beta se aplican coordenada a coordenada: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 2.64 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"population_deviation","category":"normalization","passed":false,"points":0,"max_points":1,"message":"La desviación típica es la poblacional (divide entre d_model): no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 2.66 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"constant_row","category":"stability","passed":false,"points":0,"max_points":1,"message":"Una fila constante sale finita (igual a beta): no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 4.55 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"eps_inside_root","category":"stability","passed":false,"points":0,"max_points":1,"message":"ε se suma a la varianza, dentro de la raíz: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 0.84 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"eps_argument","category":"parameters","passed":false,"points":0,"max_points":1,"message":"Se respeta un eps distinto del valor por defecto: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 0.71 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"float32_input","category":"stability","passed":false,"points":0,"max_points":1,"message":"Funciona con entrada float32: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 1.55 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"large_values","category":"stability","passed":false,"points":0,"max_points":1,"message":"Valores grandes (1e8 + ruido) se normalizan bien: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 1.61 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"single_coordinate","category":"shape","passed":false,"points":0,"max_points":1,"message":"Con d_model = 1 cada fila sale igual a beta: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 2.92 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"No modifica los arrays que recibe","explained_by":[]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8): no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 1.44 del valor correcto)","explained_by":["normalizes_by_column"]}],"error":null,"stdout":"","grading_ms":30.46}
4	f16e3e98473e434eb58e3aea9041db59	1	layer_norm	1	done	100	18	18	\N	\N	\N	cargando mi layer norm\n	8.86	2026-12-04 21:14:28.3208+00	{"challenge":"layer_norm","status":"done","score":100.0,"points":18,"max_points":18,"diagnoses":[],"causes":[],"note":null,"localisation":null,"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"The output has the input's shape (T, d_model)","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1","explained_by":[]},{"id":"row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"Touching row 4 does not move row 0: each row is normalised on its own","explained_by":[]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"gamma and beta apply coordinate by coordinate","explained_by":[]},{"id":"population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"The standard deviation is the population one (divide by d_model)","explained_by":[]},{"id":"constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"A constant row comes out finite (equal to beta)","explained_by":[]},{"id":"eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"ε is added to the variance, inside the root","explained_by":[]},{"id":"eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"A non-default eps is honoured","explained_by":[]},{"id":"float32_input","category":"stability","passed":true,"points":1,"max_points":1,"message":"Works on float32 input","explained_by":[]},{"id":"large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"Large values (1e8 + noise) normalise correctly","explained_by":[]},{"id":"single_coordinate","category":"shape","passed":true,"points":1,"max_points":1,"message":"With d_model = 1 every row comes out equal to beta","explained_by":[]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"Does not modify the arrays it receives","explained_by":[]},{"id":"random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"Matches the reference on random inputs (rtol 1e-6, atol 1e-8)","explained_by":[]}],"error":null,"stdout":"cargando mi layer norm\\n","grading_ms":8.86}	{"challenge":"layer_norm","status":"done","score":100.0,"points":18,"max_points":18,"diagnoses":[],"causes":[],"note":null,"localisation":null,"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"La salida tiene la forma (T, d_model) de la entrada","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1","explained_by":[]},{"id":"row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola","explained_by":[]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"gamma y beta se aplican coordenada a coordenada","explained_by":[]},{"id":"population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"La desviación típica es la poblacional (divide entre d_model)","explained_by":[]},{"id":"constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"Una fila constante sale finita (igual a beta)","explained_by":[]},{"id":"eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"ε se suma a la varianza, dentro de la raíz","explained_by":[]},{"id":"eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"Se respeta un eps distinto del valor por defecto","explained_by":[]},{"id":"float32_input","category":"stability","passed":true,"points":1,"max_points":1,"message":"Funciona con entrada float32","explained_by":[]},{"id":"large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"Valores grandes (1e8 + ruido) se normalizan bien","explained_by":[]},{"id":"single_coordinate","category":"shape","passed":true,"points":1,"max_points":1,"message":"Con d_model = 1 cada fila sale igual a beta","explained_by":[]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"No modifica los arrays que recibe","explained_by":[]},{"id":"random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8)","explained_by":[]}],"error":null,"stdout":"cargando mi layer norm\\n","grading_ms":8.86}
5	7f3d3cc5b2734f13803828b8339663a2	1	atencion_causal	1	done	64	16	25	\N	\N	\N		39.4	2026-12-04 21:14:28.399534+00	{"challenge":"atencion_causal","status":"done","score":64.0,"points":16,"max_points":25,"diagnoses":[{"id":"masks_cross_attention","message":"You mask even when mascara is None: your atencion builds a −∞ triangle of its own, and so it also strikes out the cross-attention. There is no mask there: what is forbidden is reading what has not been written yet, and the input was read whole before starting; source position T_x is available from the first token. Add only the mask you are given.","explains":["cross_attention_unmasked","large_scores","scaling","random_reference"]}],"causes":[],"note":null,"localisation":{"function":"atencion","line":11,"code":"M = mascara if mascara is not None else np.triu(np.full((len(Q), len(K)), -np.inf), 1)","message":"From its first step, your atencion computes something else than the lesson. Line 11, `M = mascara if mascara is not None else np.triu(np.full((len(Q), len(K)), -np.inf), 1)`, is where they part: your M is off from the lesson's value by up to inf (there the lesson computes Q Kᵀ, the scores)."},"tests":[{"id":"mask_shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"mascara_causal(T) has shape (T, T)","explained_by":[]},{"id":"mask_values","category":"mask","passed":true,"points":2,"max_points":2,"message":"mascara_causal is 0 on and below the diagonal, −∞ above it","explained_by":[]},{"id":"mask_live_cells","category":"mask","passed":true,"points":1,"max_points":1,"message":"mascara_causal(5) keeps 15 of the 25 cells alive","explained_by":[]},{"id":"shape_self","category":"shape","passed":true,"points":1,"max_points":1,"message":"Self-attention: pesos (T, T) and salida (T, d_v)","explained_by":[]},{"id":"shape_cross","category":"shape","passed":true,"points":1,"max_points":1,"message":"Cross-attention: a rectangular pesos (T_y, T_x) and salida (T_y, d_v)","explained_by":[]},{"id":"first_row_one_hot","category":"mask","passed":true,"points":1,"max_points":1,"message":"With the mask, row 0 of pesos is [1, 0, …, 0]","explained_by":[]},{"id":"masked_cells_dead","category":"mask","passed":true,"points":2,"max_points":2,"message":"With the mask and T = 5, 15 of 25 cells of pesos stay alive and the future weighs 0","explained_by":[]},{"id":"rows_sum_to_one","category":"normalization","passed":true,"points":2,"max_points":2,"message":"Every row of pesos sums to 1","explained_by":[]},{"id":"causality","category":"causality","passed":true,"points":3,"max_points":3,"message":"Rewriting positions 4 and 5 moves the first three outputs by exactly 0.0","explained_by":[]},{"id":"cross_attention_unmasked","category":"mask","passed":false,"points":0,"max_points":2,"message":"Without a mask (mascara=None) the whole source is read: no weight is 0: not met, because your atencion masks even when mascara is None, the cross-attention too (20 of the 35 cells weigh 0; row 0 looks at 1 of 7 positions)","explained_by":["masks_cross_attention"]},{"id":"uses_given_mask","category":"mask","passed":true,"points":1,"max_points":1,"message":"The mask received is added, whatever it is","explained_by":[]},{"id":"large_scores","category":"stability","passed":false,"points":0,"max_points":2,"message":"Large scores give neither NaN nor inf: not met, because your atencion masks even when mascara is None, the cross-attention too (salida: is off by up to 1.85 from the right value)","explained_by":["masks_cross_attention"]},{"id":"scaling","category":"scaling","passed":false,"points":0,"max_points":2,"message":"The scores are divided by √d_k: not met, because your atencion masks even when mascara is None, the cross-attention too (salida: is off by up to 0.857 from the right value)","explained_by":["masks_cross_attention"]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"Does not modify the arrays it receives","explained_by":[]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"(salida, pesos) match the reference on random inputs (rtol 1e-6, atol 1e-9): not met, because your atencion masks even when mascara is None, the cross-attention too (salida: is off by up to 1.23 from the right value)","explained_by":["masks_cross_attention"]}],"error":null,"stdout":"","grading_ms":39.4}	{"challenge":"atencion_causal","status":"done","score":64.0,"points":16,"max_points":25,"diagnoses":[{"id":"masks_cross_attention","message":"Enmascaras aunque mascara sea None: tu atencion fabrica un triángulo −∞ por su cuenta, y así también tacha la atención cruzada. Ahí no hay máscara: lo que se prohíbe es leer lo que todavía no se ha escrito, y la entrada se leyó entera antes de empezar; la posición T_x de la fuente está disponible desde el primer token. Suma sólo la máscara que te pasan.","explains":["cross_attention_unmasked","large_scores","scaling","random_reference"]}],"causes":[],"note":null,"localisation":{"function":"atencion","line":11,"code":"M = mascara if mascara is not None else np.triu(np.full((len(Q), len(K)), -np.inf), 1)","message":"Desde su primer paso, tu atencion calcula otra cosa que la lección. La línea 11, `M = mascara if mascara is not None else np.triu(np.full((len(Q), len(K)), -np.inf), 1)`, es donde se separan: tu M se aleja hasta inf del valor de la lección (ahí la lección calcula Q Kᵀ, las puntuaciones)."},"tests":[{"id":"mask_shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"mascara_causal(T) tiene forma (T, T)","explained_by":[]},{"id":"mask_values","category":"mask","passed":true,"points":2,"max_points":2,"message":"mascara_causal vale 0 en la diagonal y debajo, −∞ encima","explained_by":[]},{"id":"mask_live_cells","category":"mask","passed":true,"points":1,"max_points":1,"message":"mascara_causal(5) deja vivas 15 de las 25 casillas","explained_by":[]},{"id":"shape_self","category":"shape","passed":true,"points":1,"max_points":1,"message":"Auto-atención: pesos (T, T) y salida (T, d_v)","explained_by":[]},{"id":"shape_cross","category":"shape","passed":true,"points":1,"max_points":1,"message":"Atención cruzada: pesos (T_y, T_x) rectangular y salida (T_y, d_v)","explained_by":[]},{"id":"first_row_one_hot","category":"mask","passed":true,"points":1,"max_points":1,"message":"Con la máscara, la fila 0 de pesos es [1, 0, …, 0]","explained_by":[]},{"id":"masked_cells_dead","category":"mask","passed":true,"points":2,"max_points":2,"message":"Con la máscara y T = 5 quedan vivas 15 de 25 casillas de pesos y el futuro pesa 0","explained_by":[]},{"id":"rows_sum_to_one","category":"normalization","passed":true,"points":2,"max_points":2,"message":"Cada fila de pesos suma 1","explained_by":[]},{"id":"causality","category":"causality","passed":true,"points":3,"max_points":3,"message":"Reescribir las posiciones 4 y 5 mueve las tres primeras salidas exactamente 0.0","explained_by":[]},{"id":"cross_attention_unmasked","category":"mask","passed":false,"points":0,"max_points":2,"message":"Sin máscara (mascara=None) se mira la fuente entera: ningún peso es 0: no se cumple porque tu atencion enmascara aunque mascara sea None, también la atención cruzada (20 de las 35 casillas tienen peso 0; la fila 0 mira 1 de 7 posiciones)","explained_by":["masks_cross_attention"]},{"id":"uses_given_mask","category":"mask","passed":true,"points":1,"max_points":1,"message":"Se suma la máscara que se recibe, sea cual sea","explained_by":[]},{"id":"large_scores","category":"stability","passed":false,"points":0,"max_points":2,"message":"Con puntuaciones grandes no sale ni NaN ni inf: no se cumple porque tu atencion enmascara aunque mascara sea None, también la atención cruzada (salida: se aleja hasta 1.85 del valor correcto)","explained_by":["masks_cross_attention"]},{"id":"scaling","category":"scaling","passed":false,"points":0,"max_points":2,"message":"Las puntuaciones se dividen entre √d_k: no se cumple porque tu atencion enmascara aunque mascara sea None, también la atención cruzada (salida: se aleja hasta 0.857 del valor correcto)","explained_by":["masks_cross_attention"]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"No modifica los arrays que recibe","explained_by":[]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"(salida, pesos) coinciden con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-9): no se cumple porque tu atencion enmascara aunque mascara sea None, también la atención cruzada (salida: se aleja hasta 1.23 del valor correcto)","explained_by":["masks_cross_attention"]}],"error":null,"stdout":"","grading_ms":39.4}
6	c94c45a5beda4f6da2942a3bd9049743	1	layer_norm	1	done	50	9	18	\N	\N	\N		39.09	2026-12-04 21:14:28.475067+00	{"challenge":"layer_norm","status":"done","score":50.0,"points":9,"max_points":18,"diagnoses":[{"id":"eps_outside_root","message":"You add ε outside the root (dividing by s + ε). The formula is √(s_t² + ε): ε is added to the variance.","explains":["gamma_beta_per_coordinate","population_deviation","constant_row","eps_inside_root","eps_argument","random_reference"]}],"causes":[],"note":null,"localisation":{"function":"layer_norm","line":8,"code":"return gamma * ((X - mu) / (sigma + eps)) + beta","message":"Up to line 7 your values are the lesson's (μ_t, each row's mean; s_t, each row's deviation). Line 8, `return gamma * ((X - mu) / (sigma + eps)) + beta`, is where they part: what it returns is off from the lesson's value by up to 0.778 (there the lesson computes γ ⊙ x̂ + β, the output)."},"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"The output has the input's shape (T, d_model)","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1","explained_by":[]},{"id":"row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"Touching row 4 does not move row 0: each row is normalised on its own","explained_by":[]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma and beta apply coordinate by coordinate: not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 1.13e-05 from the right value)","explained_by":["eps_outside_root"]},{"id":"population_deviation","category":"normalization","passed":false,"points":0,"max_points":1,"message":"The standard deviation is the population one (divide by d_model): not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 3.57e-05 from the right value)","explained_by":["eps_outside_root"]},{"id":"constant_row","category":"stability","passed":false,"points":0,"max_points":1,"message":"A constant row comes out finite (equal to beta): not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 1.51e-05 from the right value)","explained_by":["eps_outside_root"]},{"id":"eps_inside_root","category":"stability","passed":false,"points":0,"max_points":1,"message":"ε is added to the variance, inside the root: not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 0.778 from the right value)","explained_by":["eps_outside_root"]},{"id":"eps_argument","category":"parameters","passed":false,"points":0,"max_points":1,"message":"A non-default eps is honoured: not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 0.152 from the right value)","explained_by":["eps_outside_root"]},{"id":"float32_input","category":"stability","passed":true,"points":1,"max_points":1,"message":"Works on float32 input","explained_by":[]},{"id":"large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"Large values (1e8 + noise) normalise correctly","explained_by":[]},{"id":"single_coordinate","category":"shape","passed":true,"points":1,"max_points":1,"message":"With d_model = 1 every row comes out equal to beta","explained_by":[]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"Does not modify the arrays it receives","explained_by":[]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Matches the reference on random inputs (rtol 1e-6, atol 1e-8): not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 4.79e-06 from the right value)","explained_by":["eps_outside_root"]}],"error":null,"stdout":"","grading_ms":39.09}	{"challenge":"layer_norm","status":"done","score":50.0,"points":9,"max_points":18,"diagnoses":[{"id":"eps_outside_root","message":"Sumas ε fuera de la raíz (divides entre s + ε). La fórmula es √(s_t² + ε): ε se suma a la varianza.","explains":["gamma_beta_per_coordinate","population_deviation","constant_row","eps_inside_root","eps_argument","random_reference"]}],"causes":[],"note":null,"localisation":{"function":"layer_norm","line":8,"code":"return gamma * ((X - mu) / (sigma + eps)) + beta","message":"Hasta la línea 7 tus valores son los de la lección (μ_t, la media de cada fila; s_t, la desviación de cada fila). La línea 8, `return gamma * ((X - mu) / (sigma + eps)) + beta`, es donde se separan: lo que devuelve se aleja hasta 0.778 del valor de la lección (ahí la lección calcula γ ⊙ x̂ + β, la salida)."},"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"La salida tiene la forma (T, d_model) de la entrada","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1","explained_by":[]},{"id":"row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola","explained_by":[]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma y beta se aplican coordenada a coordenada: no se cumple porque tu layer_norm suma ε fuera de la raíz (divide entre s + ε) (se aleja hasta 1.13e-05 del valor correcto)","explained_by":["eps_outside_root"]},{"id":"population_deviation","category":"normalization","passed":false,"points":0,"max_points":1,"message":"La desviación típica es la poblacional (divide entre d_model): no se cumple porque tu layer_norm suma ε fuera de la raíz (divide entre s + ε) (se aleja hasta 3.57e-05 del valor correcto)","explained_by":["eps_outside_root"]},{"id":"constant_row","category":"stability","passed":false,"points":0,"max_points":1,"message":"Una fila constante sale finita (igual a beta): no se cumple porque tu layer_norm suma ε fuera de la raíz (divide entre s + ε) (se aleja hasta 1.51e-05 del valor correcto)","explained_by":["eps_outside_root"]},{"id":"eps_inside_root","category":"stability","passed":false,"points":0,"max_points":1,"message":"ε se suma a la varianza, dentro de la raíz: no se cumple porque tu layer_norm suma ε fuera de la raíz (divide entre s + ε) (se aleja hasta 0.778 del valor correcto)","explained_by":["eps_outside_root"]},{"id":"eps_argument","category":"parameters","passed":false,"points":0,"max_points":1,"message":"Se respeta un eps distinto del valor por defecto: no se cumple porque tu layer_norm suma ε fuera de la raíz (divide entre s + ε) (se aleja hasta 0.152 del valor correcto)","explained_by":["eps_outside_root"]},{"id":"float32_input","category":"stability","passed":true,"points":1,"max_points":1,"message":"Funciona con entrada float32","explained_by":[]},{"id":"large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"Valores grandes (1e8 + ruido) se normalizan bien","explained_by":[]},{"id":"single_coordinate","category":"shape","passed":true,"points":1,"max_points":1,"message":"Con d_model = 1 cada fila sale igual a beta","explained_by":[]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"No modifica los arrays que recibe","explained_by":[]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8): no se cumple porque tu layer_norm suma ε fuera de la raíz (divide entre s + ε) (se aleja hasta 4.79e-06 del valor correcto)","explained_by":["eps_outside_root"]}],"error":null,"stdout":"","grading_ms":39.09}
7	1b82d94e47d1419e9f4cca28e340bd96	1	bloque	1	done	69.44	25	36	\N	\N	\N		131.92	2026-12-04 21:14:28.654964+00	{"challenge":"bloque","status":"done","score":69.44,"points":25,"max_points":36,"diagnoses":[{"id":"missing_bias_b1","message":"The bias b1 of the perceptron's first layer is missing: ReLU(H W1 + b1).","explains":["second_residual","norm_parameter_pairs","ffn_relu","ffn_biases","block_random_reference"]},{"id":"missing_bias_b2","message":"The bias b2 of the perceptron's second layer is missing: ReLU(H W1 + b1) W2 + b2.","explains":["second_residual","norm_parameter_pairs","ffn_relu","ffn_biases","block_random_reference"]}],"causes":[],"note":null,"localisation":{"function":"bloque","line":12,"code":"F = np.maximum(0, H @ p[\\"W1\\"]) @ p[\\"W2\\"]","message":"Up to line 11 your values are the lesson's (X + atencion(X), the first residual sum; μ_t, each row's mean; H = LayerNorm(X + atencion(X))). Line 12, `F = np.maximum(0, H @ p[\\"W1\\"]) @ p[\\"W2\\"]`, is where they part: your F is off from the lesson's value by up to 20 (there the lesson computes atencion(X))."},"tests":[{"id":"ln_shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"layer_norm: The output has the input's shape (T, d_model)","explained_by":[]},{"id":"ln_rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"layer_norm: With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1","explained_by":[]},{"id":"ln_row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"layer_norm: Touching row 4 does not move row 0: each row is normalised on its own","explained_by":[]},{"id":"ln_gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"layer_norm: gamma and beta apply coordinate by coordinate","explained_by":[]},{"id":"ln_population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"layer_norm: The standard deviation is the population one (divide by d_model)","explained_by":[]},{"id":"ln_constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: A constant row comes out finite (equal to beta)","explained_by":[]},{"id":"ln_eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: ε is added to the variance, inside the root","explained_by":[]},{"id":"ln_eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"layer_norm: A non-default eps is honoured","explained_by":[]},{"id":"ln_large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: Large values (1e8 + noise) normalise correctly","explained_by":[]},{"id":"ln_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"layer_norm: Does not modify the arrays it receives","explained_by":[]},{"id":"ln_random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"layer_norm: Matches the reference on random inputs (rtol 1e-6, atol 1e-8)","explained_by":[]},{"id":"block_shape","category":"shape","passed":true,"points":2,"max_points":2,"message":"bloque returns (T, d_model), also with T = 1 and d_ff ≠ d_model","explained_by":[]},{"id":"attention_once_on_input","category":"attention","passed":true,"points":2,"max_points":2,"message":"atencion is applied once, to the X entering the block","explained_by":[]},{"id":"first_residual","category":"residual","passed":true,"points":2,"max_points":2,"message":"First sublayer: LayerNorm(X + atencion(X))","explained_by":[]},{"id":"second_residual","category":"residual","passed":false,"points":0,"max_points":2,"message":"Second sublayer: LayerNorm(H + FFN(H)): not met, because your bloque does not add the first layer's bias b1 and does not add the second layer's bias b2 (is off by up to 0.935 from the right value)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"post_norm","category":"normalization","passed":true,"points":2,"max_points":2,"message":"The block ends in a layer norm (post-norm)","explained_by":[]},{"id":"norm_parameter_pairs","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma1/beta1 in the first normalisation, gamma2/beta2 in the second: not met, because your bloque does not add the first layer's bias b1 and does not add the second layer's bias b2 (is off by up to 0.69 from the right value)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"ffn_relu","category":"ffn","passed":false,"points":0,"max_points":2,"message":"The position-wise perceptron has ReLU between its two layers: not met, because your bloque does not add the first layer's bias b1 and does not add the second layer's bias b2 (is off by up to 0.866 from the right value)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"ffn_biases","category":"ffn","passed":false,"points":0,"max_points":2,"message":"Both biases b1 and b2 are added: not met, because your bloque does not add the first layer's bias b1 and does not add the second layer's bias b2 (is off by up to 0.436 from the right value)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"block_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"bloque modifies neither X nor the arrays in p","explained_by":[]},{"id":"block_random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Matches the reference on random blocks (rtol 1e-6, atol 1e-8): not met, because your bloque does not add the first layer's bias b1 and does not add the second layer's bias b2 (is off by up to 0.537 from the right value)","explained_by":["missing_bias_b1","missing_bias_b2"]}],"error":null,"stdout":"","grading_ms":131.92}	{"challenge":"bloque","status":"done","score":69.44,"points":25,"max_points":36,"diagnoses":[{"id":"missing_bias_b1","message":"Falta el sesgo b1 de la primera capa del perceptrón: ReLU(H W1 + b1).","explains":["second_residual","norm_parameter_pairs","ffn_relu","ffn_biases","block_random_reference"]},{"id":"missing_bias_b2","message":"Falta el sesgo b2 de la segunda capa del perceptrón: ReLU(H W1 + b1) W2 + b2.","explains":["second_residual","norm_parameter_pairs","ffn_relu","ffn_biases","block_random_reference"]}],"causes":[],"note":null,"localisation":{"function":"bloque","line":12,"code":"F = np.maximum(0, H @ p[\\"W1\\"]) @ p[\\"W2\\"]","message":"Hasta la línea 11 tus valores son los de la lección (X + atencion(X), la primera suma residual; μ_t, la media de cada fila; H = LayerNorm(X + atencion(X))). La línea 12, `F = np.maximum(0, H @ p[\\"W1\\"]) @ p[\\"W2\\"]`, es donde se separan: tu F se aleja hasta 20 del valor de la lección (ahí la lección calcula atencion(X))."},"tests":[{"id":"ln_shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"layer_norm: La salida tiene la forma (T, d_model) de la entrada","explained_by":[]},{"id":"ln_rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"layer_norm: Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1","explained_by":[]},{"id":"ln_row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"layer_norm: Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola","explained_by":[]},{"id":"ln_gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"layer_norm: gamma y beta se aplican coordenada a coordenada","explained_by":[]},{"id":"ln_population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"layer_norm: La desviación típica es la poblacional (divide entre d_model)","explained_by":[]},{"id":"ln_constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: Una fila constante sale finita (igual a beta)","explained_by":[]},{"id":"ln_eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: ε se suma a la varianza, dentro de la raíz","explained_by":[]},{"id":"ln_eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"layer_norm: Se respeta un eps distinto del valor por defecto","explained_by":[]},{"id":"ln_large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: Valores grandes (1e8 + ruido) se normalizan bien","explained_by":[]},{"id":"ln_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"layer_norm: No modifica los arrays que recibe","explained_by":[]},{"id":"ln_random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"layer_norm: Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8)","explained_by":[]},{"id":"block_shape","category":"shape","passed":true,"points":2,"max_points":2,"message":"bloque devuelve (T, d_model), también con T = 1 y d_ff ≠ d_model","explained_by":[]},{"id":"attention_once_on_input","category":"attention","passed":true,"points":2,"max_points":2,"message":"atencion se aplica una vez, a la X que entra en el bloque","explained_by":[]},{"id":"first_residual","category":"residual","passed":true,"points":2,"max_points":2,"message":"Primera subcapa: LayerNorm(X + atencion(X))","explained_by":[]},{"id":"second_residual","category":"residual","passed":false,"points":0,"max_points":2,"message":"Segunda subcapa: LayerNorm(H + FFN(H)): no se cumple porque tu bloque no suma el sesgo b1 de la primera capa y no suma el sesgo b2 de la segunda capa (se aleja hasta 0.935 del valor correcto)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"post_norm","category":"normalization","passed":true,"points":2,"max_points":2,"message":"El bloque termina en un layer norm (post-norm)","explained_by":[]},{"id":"norm_parameter_pairs","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma1/beta1 en la primera normalización, gamma2/beta2 en la segunda: no se cumple porque tu bloque no suma el sesgo b1 de la primera capa y no suma el sesgo b2 de la segunda capa (se aleja hasta 0.69 del valor correcto)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"ffn_relu","category":"ffn","passed":false,"points":0,"max_points":2,"message":"El perceptrón por posiciones lleva ReLU entre sus dos capas: no se cumple porque tu bloque no suma el sesgo b1 de la primera capa y no suma el sesgo b2 de la segunda capa (se aleja hasta 0.866 del valor correcto)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"ffn_biases","category":"ffn","passed":false,"points":0,"max_points":2,"message":"Los dos sesgos b1 y b2 se suman: no se cumple porque tu bloque no suma el sesgo b1 de la primera capa y no suma el sesgo b2 de la segunda capa (se aleja hasta 0.436 del valor correcto)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"block_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"bloque no modifica X ni los arrays de p","explained_by":[]},{"id":"block_random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Coincide con la referencia en bloques aleatorios (rtol 1e-6, atol 1e-8): no se cumple porque tu bloque no suma el sesgo b1 de la primera capa y no suma el sesgo b2 de la segunda capa (se aleja hasta 0.537 del valor correcto)","explained_by":["missing_bias_b1","missing_bias_b2"]}],"error":null,"stdout":"","grading_ms":131.92}
8	44cd8ed87833438dbdecd458def309b6	1	layer_norm	1	error	0	0	18	syntax	Syntax error on line 1: expected ':'	1		4.15	2026-12-04 21:14:28.690152+00	{"challenge":"layer_norm","status":"error","score":0.0,"points":0,"max_points":18,"diagnoses":[],"causes":[],"note":null,"localisation":null,"tests":[{"id":"shape","category":"shape","passed":false,"points":0,"max_points":1,"message":"The output has the input's shape (T, d_model): could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"rows_mean0_std1","category":"normalization","passed":false,"points":0,"max_points":2,"message":"With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"row_independence","category":"independence","passed":false,"points":0,"max_points":2,"message":"Touching row 4 does not move row 0: each row is normalised on its own: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma and beta apply coordinate by coordinate: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"population_deviation","category":"normalization","passed":false,"points":0,"max_points":1,"message":"The standard deviation is the population one (divide by d_model): could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"constant_row","category":"stability","passed":false,"points":0,"max_points":1,"message":"A constant row comes out finite (equal to beta): could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"eps_inside_root","category":"stability","passed":false,"points":0,"max_points":1,"message":"ε is added to the variance, inside the root: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"eps_argument","category":"parameters","passed":false,"points":0,"max_points":1,"message":"A non-default eps is honoured: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"float32_input","category":"stability","passed":false,"points":0,"max_points":1,"message":"Works on float32 input: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"large_values","category":"stability","passed":false,"points":0,"max_points":1,"message":"Large values (1e8 + noise) normalise correctly: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"single_coordinate","category":"shape","passed":false,"points":0,"max_points":1,"message":"With d_model = 1 every row comes out equal to beta: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"inputs_untouched","category":"purity","passed":false,"points":0,"max_points":1,"message":"Does not modify the arrays it receives: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Matches the reference on random inputs (rtol 1e-6, atol 1e-8): could not be checked: the error above prevented it","explained_by":["syntax"]}],"error":{"kind":"syntax","message":"Syntax error on line 1: expected ':'","line":1,"original":"SyntaxError: expected ':'"},"stdout":"","grading_ms":4.15}	{"challenge":"layer_norm","status":"error","score":0.0,"points":0,"max_points":18,"diagnoses":[],"causes":[],"note":null,"localisation":null,"tests":[{"id":"shape","category":"shape","passed":false,"points":0,"max_points":1,"message":"La salida tiene la forma (T, d_model) de la entrada: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"rows_mean0_std1","category":"normalization","passed":false,"points":0,"max_points":2,"message":"Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"row_independence","category":"independence","passed":false,"points":0,"max_points":2,"message":"Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma y beta se aplican coordenada a coordenada: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"population_deviation","category":"normalization","passed":false,"points":0,"max_points":1,"message":"La desviación típica es la poblacional (divide entre d_model): no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"constant_row","category":"stability","passed":false,"points":0,"max_points":1,"message":"Una fila constante sale finita (igual a beta): no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"eps_inside_root","category":"stability","passed":false,"points":0,"max_points":1,"message":"ε se suma a la varianza, dentro de la raíz: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"eps_argument","category":"parameters","passed":false,"points":0,"max_points":1,"message":"Se respeta un eps distinto del valor por defecto: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"float32_input","category":"stability","passed":false,"points":0,"max_points":1,"message":"Funciona con entrada float32: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"large_values","category":"stability","passed":false,"points":0,"max_points":1,"message":"Valores grandes (1e8 + ruido) se normalizan bien: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"single_coordinate","category":"shape","passed":false,"points":0,"max_points":1,"message":"Con d_model = 1 cada fila sale igual a beta: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"inputs_untouched","category":"purity","passed":false,"points":0,"max_points":1,"message":"No modifica los arrays que recibe: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8): no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]}],"error":{"kind":"syntax","message":"Error de sintaxis en la línea 1: falta «:»","line":1,"original":"SyntaxError: expected ':'"},"stdout":"","grading_ms":4.15}
\.


--
-- Data for Name: roster_members; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.roster_members (id, course_id, student, name, status, seen_at) FROM stdin;
\.


--
-- Data for Name: roster_syncs; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.roster_syncs (course_id, requested_at, synced_at, members, skipped, error) FROM stdin;
\.


--
-- Data for Name: students; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.students (id, course_id, external_id, created_at) FROM stdin;
1	1	ana	2026-12-04 21:14:27.813904+00
2	1	ben	2026-12-04 21:14:28.222348+00
4	1	carla	2026-12-04 21:14:28.335851+00
6	1	dario	2026-12-04 21:14:28.498549+00
7	1	elena	2026-12-04 21:14:28.675595+00
\.


--
-- Data for Name: submissions; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.submissions (id, platform_id, api_key_id, course_id, student_id, challenge, lang, code, status, score, idempotency_key, callback_url, attempts, created_at, started_at, finished_at, sent_at, idempotency_fingerprint) FROM stdin;
be89f6f2742c47c9be252121ae975364	1	1	1	1	layer_norm	en	import numpy as np\n\n\nclass LayerNorm:\n    def __init__(self, eps):\n        self.eps = eps\n\n    def __call__(self, X, gamma, beta):\n        mu = X.mean(1, keepdims=True)\n        std = X.std(1, keepdims=True)\n        return gamma * ((X - mu) / np.sqrt(std * std + self.eps)) + beta\n\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    X = X.copy()\n    X -= X.mean(axis=1, keepdims=True)  # in place, but on our own copy\n    return LayerNorm(eps)(X, gamma, beta)\n	done	100	\N	\N	1	2026-12-04 21:14:27.813904+00	2026-12-04 21:14:27.928438+00	2026-12-04 21:14:27.953463+00	\N	\N
0d1b41c9330f4ae6be71d97d93b30f68	1	1	1	1	bloque	en	# expect: missing_first_residual, missing_second_residual\nimport numpy as np\n\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    mu = X.mean(axis=1, keepdims=True)\n    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta\n\n\ndef bloque(X, atencion, p):\n    H = layer_norm(atencion(X), p["gamma1"], p["beta1"])\n    F = np.maximum(0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]\n    return layer_norm(F, p["gamma2"], p["beta2"])\n	done	63.89	\N	\N	1	2026-12-04 21:14:28.005666+00	2026-12-04 21:14:28.03561+00	2026-12-04 21:14:28.173418+00	\N	\N
95da4a9022b34160a68be11df320a2dc	1	1	1	2	layer_norm	en	# expect: normalizes_by_column\nimport numpy as np\n\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    media = np.mean(X, axis=0)\n    desviacion = np.std(X, axis=0)\n    return gamma * (X - media) / np.sqrt(desviacion**2 + eps) + beta\n	done	11.11	\N	\N	1	2026-12-04 21:14:28.222348+00	2026-12-04 21:14:28.234456+00	2026-12-04 21:14:28.273399+00	\N	\N
f16e3e98473e434eb58e3aea9041db59	1	1	1	2	layer_norm	en	import numpy as np\n\nprint("cargando mi layer norm")\n\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    d = X.shape[-1]\n    mu = np.einsum("td->t", X) / d\n    centered = X - mu[:, None]\n    var = np.einsum("td,td->t", centered, centered) / d\n    return np.einsum("d,td->td", gamma, centered / np.sqrt(var + eps)[:, None]) + beta\n\n\nif __name__ == "__main__":\n    X = np.arange(12.0).reshape(3, 4)\n    print(layer_norm(X, np.ones(4), np.zeros(4)))\n	done	100	\N	\N	1	2026-12-04 21:14:28.298916+00	2026-12-04 21:14:28.307167+00	2026-12-04 21:14:28.320728+00	\N	\N
7f3d3cc5b2734f13803828b8339663a2	1	1	1	4	atencion_causal	en	# expect: masks_cross_attention\nimport numpy as np\n\n\ndef mascara_causal(T):\n    return np.triu(np.full((T, T), -np.inf), k=1)\n\n\ndef atencion(Q, K, V, mascara=None):\n    # el decoder no puede mirar el futuro, así que tacho siempre\n    M = mascara if mascara is not None else np.triu(np.full((len(Q), len(K)), -np.inf), 1)\n    E = Q @ K.T / np.sqrt(Q.shape[1]) + M\n    Z = np.exp(E - E.max(axis=1, keepdims=True))\n    pesos = Z / Z.sum(axis=1, keepdims=True)\n    return pesos @ V, pesos\n	done	64	\N	\N	1	2026-12-04 21:14:28.335851+00	2026-12-04 21:14:28.35035+00	2026-12-04 21:14:28.399422+00	\N	\N
c94c45a5beda4f6da2942a3bd9049743	1	1	1	4	layer_norm	en	# expect: eps_outside_root\nimport numpy as np\n\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    mu = X.mean(axis=-1, keepdims=True)\n    sigma = np.sqrt(((X - mu) ** 2).mean(axis=-1, keepdims=True))\n    return gamma * ((X - mu) / (sigma + eps)) + beta\n	done	50	\N	\N	1	2026-12-04 21:14:28.414799+00	2026-12-04 21:14:28.421502+00	2026-12-04 21:14:28.47497+00	\N	\N
1b82d94e47d1419e9f4cca28e340bd96	1	1	1	6	bloque	en	# expect: missing_bias_b1, missing_bias_b2\nimport numpy as np\n\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    mu = X.mean(axis=1, keepdims=True)\n    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta\n\n\ndef bloque(X, atencion, p):\n    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])\n    F = np.maximum(0, H @ p["W1"]) @ p["W2"]\n    return layer_norm(H + F, p["gamma2"], p["beta2"])\n	done	69.44	\N	\N	1	2026-12-04 21:14:28.498549+00	2026-12-04 21:14:28.514713+00	2026-12-04 21:14:28.654848+00	\N	\N
44cd8ed87833438dbdecd458def309b6	1	1	1	7	layer_norm	en	def layer_norm(X, gamma, beta, eps=1e-5)\n    return X\n	error	0	\N	\N	1	2026-12-04 21:14:28.675595+00	2026-12-04 21:14:28.682533+00	2026-12-04 21:14:28.690082+00	\N	\N
\.


--
-- Data for Name: test_outcomes; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.test_outcomes (id, result_id, course_id, challenge, "position", test_id, category, passed, points, max_points, message) FROM stdin;
1	1	1	layer_norm	0	shape	shape	t	1	1	The output has the input's shape (T, d_model)
2	1	1	layer_norm	1	rows_mean0_std1	normalization	t	2	2	With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1
3	1	1	layer_norm	2	row_independence	independence	t	2	2	Touching row 4 does not move row 0: each row is normalised on its own
4	1	1	layer_norm	3	gamma_beta_per_coordinate	parameters	t	2	2	gamma and beta apply coordinate by coordinate
5	1	1	layer_norm	4	population_deviation	normalization	t	1	1	The standard deviation is the population one (divide by d_model)
6	1	1	layer_norm	5	constant_row	stability	t	1	1	A constant row comes out finite (equal to beta)
7	1	1	layer_norm	6	eps_inside_root	stability	t	1	1	ε is added to the variance, inside the root
8	1	1	layer_norm	7	eps_argument	parameters	t	1	1	A non-default eps is honoured
9	1	1	layer_norm	8	float32_input	stability	t	1	1	Works on float32 input
10	1	1	layer_norm	9	large_values	stability	t	1	1	Large values (1e8 + noise) normalise correctly
11	1	1	layer_norm	10	single_coordinate	shape	t	1	1	With d_model = 1 every row comes out equal to beta
12	1	1	layer_norm	11	inputs_untouched	purity	t	1	1	Does not modify the arrays it receives
13	1	1	layer_norm	12	random_reference	comparison	t	3	3	Matches the reference on random inputs (rtol 1e-6, atol 1e-8)
14	2	1	bloque	0	ln_shape	shape	t	1	1	layer_norm: The output has the input's shape (T, d_model)
15	2	1	bloque	1	ln_rows_mean0_std1	normalization	t	2	2	layer_norm: With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1
16	2	1	bloque	2	ln_row_independence	independence	t	2	2	layer_norm: Touching row 4 does not move row 0: each row is normalised on its own
17	2	1	bloque	3	ln_gamma_beta_per_coordinate	parameters	t	2	2	layer_norm: gamma and beta apply coordinate by coordinate
18	2	1	bloque	4	ln_population_deviation	normalization	t	1	1	layer_norm: The standard deviation is the population one (divide by d_model)
19	2	1	bloque	5	ln_constant_row	stability	t	1	1	layer_norm: A constant row comes out finite (equal to beta)
20	2	1	bloque	6	ln_eps_inside_root	stability	t	1	1	layer_norm: ε is added to the variance, inside the root
21	2	1	bloque	7	ln_eps_argument	parameters	t	1	1	layer_norm: A non-default eps is honoured
22	2	1	bloque	8	ln_large_values	stability	t	1	1	layer_norm: Large values (1e8 + noise) normalise correctly
23	2	1	bloque	9	ln_inputs_untouched	purity	t	1	1	layer_norm: Does not modify the arrays it receives
24	2	1	bloque	10	ln_random_reference	comparison	t	3	3	layer_norm: Matches the reference on random inputs (rtol 1e-6, atol 1e-8)
25	2	1	bloque	11	block_shape	shape	t	2	2	bloque returns (T, d_model), also with T = 1 and d_ff ≠ d_model
26	2	1	bloque	12	attention_once_on_input	attention	t	2	2	atencion is applied once, to the X entering the block
27	2	1	bloque	13	first_residual	residual	f	0	2	First sublayer: LayerNorm(X + atencion(X)): not met, because your bloque does not add X to the attention's output (the first residual connection is missing) and does not add H to the perceptron's output (the second residual connection is missing) (is off by up to 1.85 from the right value)
28	2	1	bloque	14	second_residual	residual	f	0	2	Second sublayer: LayerNorm(H + FFN(H)): not met, because your bloque does not add X to the attention's output (the first residual connection is missing) and does not add H to the perceptron's output (the second residual connection is missing) (is off by up to 3.65 from the right value)
29	2	1	bloque	15	post_norm	normalization	t	2	2	The block ends in a layer norm (post-norm)
30	2	1	bloque	16	norm_parameter_pairs	parameters	f	0	2	gamma1/beta1 in the first normalisation, gamma2/beta2 in the second: not met, because your bloque does not add X to the attention's output (the first residual connection is missing) and does not add H to the perceptron's output (the second residual connection is missing) (is off by up to 1.05 from the right value)
31	2	1	bloque	17	ffn_relu	ffn	f	0	2	The position-wise perceptron has ReLU between its two layers: not met, because your bloque does not add X to the attention's output (the first residual connection is missing) (is off by up to 2.93 from the right value)
32	2	1	bloque	18	ffn_biases	ffn	f	0	2	Both biases b1 and b2 are added: not met, because your bloque does not add X to the attention's output (the first residual connection is missing) and does not add H to the perceptron's output (the second residual connection is missing) (is off by up to 2.43 from the right value)
33	2	1	bloque	19	block_inputs_untouched	purity	t	1	1	bloque modifies neither X nor the arrays in p
34	2	1	bloque	20	block_random_reference	comparison	f	0	3	Matches the reference on random blocks (rtol 1e-6, atol 1e-8): not met, because your bloque does not add X to the attention's output (the first residual connection is missing) and does not add H to the perceptron's output (the second residual connection is missing) (is off by up to 0.815 from the right value)
35	3	1	layer_norm	0	shape	shape	t	1	1	The output has the input's shape (T, d_model)
36	3	1	layer_norm	1	rows_mean0_std1	normalization	f	0	2	With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (row means [-0.158, -0.038, 0.075, -0.214, 0.335], deviations [0.895, 0.674, 1.245, 1.196, 0.759])
37	3	1	layer_norm	2	row_independence	independence	f	0	2	Touching row 4 does not move row 0: each row is normalised on its own: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (row 0 moved by 1.37)
38	3	1	layer_norm	3	gamma_beta_per_coordinate	parameters	f	0	2	gamma and beta apply coordinate by coordinate: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 2.64 from the right value)
39	3	1	layer_norm	4	population_deviation	normalization	f	0	1	The standard deviation is the population one (divide by d_model): not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 2.66 from the right value)
40	3	1	layer_norm	5	constant_row	stability	f	0	1	A constant row comes out finite (equal to beta): not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 4.55 from the right value)
41	3	1	layer_norm	6	eps_inside_root	stability	f	0	1	ε is added to the variance, inside the root: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 0.84 from the right value)
42	3	1	layer_norm	7	eps_argument	parameters	f	0	1	A non-default eps is honoured: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 0.71 from the right value)
43	3	1	layer_norm	8	float32_input	stability	f	0	1	Works on float32 input: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 1.55 from the right value)
44	3	1	layer_norm	9	large_values	stability	f	0	1	Large values (1e8 + noise) normalise correctly: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 1.61 from the right value)
45	3	1	layer_norm	10	single_coordinate	shape	f	0	1	With d_model = 1 every row comes out equal to beta: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 2.92 from the right value)
46	3	1	layer_norm	11	inputs_untouched	purity	t	1	1	Does not modify the arrays it receives
47	3	1	layer_norm	12	random_reference	comparison	f	0	3	Matches the reference on random inputs (rtol 1e-6, atol 1e-8): not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 1.44 from the right value)
61	5	1	atencion_causal	0	mask_shape	shape	t	1	1	mascara_causal(T) has shape (T, T)
62	5	1	atencion_causal	1	mask_values	mask	t	2	2	mascara_causal is 0 on and below the diagonal, −∞ above it
63	5	1	atencion_causal	2	mask_live_cells	mask	t	1	1	mascara_causal(5) keeps 15 of the 25 cells alive
64	5	1	atencion_causal	3	shape_self	shape	t	1	1	Self-attention: pesos (T, T) and salida (T, d_v)
65	5	1	atencion_causal	4	shape_cross	shape	t	1	1	Cross-attention: a rectangular pesos (T_y, T_x) and salida (T_y, d_v)
66	5	1	atencion_causal	5	first_row_one_hot	mask	t	1	1	With the mask, row 0 of pesos is [1, 0, …, 0]
67	5	1	atencion_causal	6	masked_cells_dead	mask	t	2	2	With the mask and T = 5, 15 of 25 cells of pesos stay alive and the future weighs 0
68	5	1	atencion_causal	7	rows_sum_to_one	normalization	t	2	2	Every row of pesos sums to 1
69	5	1	atencion_causal	8	causality	causality	t	3	3	Rewriting positions 4 and 5 moves the first three outputs by exactly 0.0
70	5	1	atencion_causal	9	cross_attention_unmasked	mask	f	0	2	Without a mask (mascara=None) the whole source is read: no weight is 0: not met, because your atencion masks even when mascara is None, the cross-attention too (20 of the 35 cells weigh 0; row 0 looks at 1 of 7 positions)
71	5	1	atencion_causal	10	uses_given_mask	mask	t	1	1	The mask received is added, whatever it is
72	5	1	atencion_causal	11	large_scores	stability	f	0	2	Large scores give neither NaN nor inf: not met, because your atencion masks even when mascara is None, the cross-attention too (salida: is off by up to 1.85 from the right value)
73	5	1	atencion_causal	12	scaling	scaling	f	0	2	The scores are divided by √d_k: not met, because your atencion masks even when mascara is None, the cross-attention too (salida: is off by up to 0.857 from the right value)
74	5	1	atencion_causal	13	inputs_untouched	purity	t	1	1	Does not modify the arrays it receives
75	5	1	atencion_causal	14	random_reference	comparison	f	0	3	(salida, pesos) match the reference on random inputs (rtol 1e-6, atol 1e-9): not met, because your atencion masks even when mascara is None, the cross-attention too (salida: is off by up to 1.23 from the right value)
89	7	1	bloque	0	ln_shape	shape	t	1	1	layer_norm: The output has the input's shape (T, d_model)
90	7	1	bloque	1	ln_rows_mean0_std1	normalization	t	2	2	layer_norm: With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1
91	7	1	bloque	2	ln_row_independence	independence	t	2	2	layer_norm: Touching row 4 does not move row 0: each row is normalised on its own
92	7	1	bloque	3	ln_gamma_beta_per_coordinate	parameters	t	2	2	layer_norm: gamma and beta apply coordinate by coordinate
93	7	1	bloque	4	ln_population_deviation	normalization	t	1	1	layer_norm: The standard deviation is the population one (divide by d_model)
94	7	1	bloque	5	ln_constant_row	stability	t	1	1	layer_norm: A constant row comes out finite (equal to beta)
95	7	1	bloque	6	ln_eps_inside_root	stability	t	1	1	layer_norm: ε is added to the variance, inside the root
96	7	1	bloque	7	ln_eps_argument	parameters	t	1	1	layer_norm: A non-default eps is honoured
97	7	1	bloque	8	ln_large_values	stability	t	1	1	layer_norm: Large values (1e8 + noise) normalise correctly
98	7	1	bloque	9	ln_inputs_untouched	purity	t	1	1	layer_norm: Does not modify the arrays it receives
99	7	1	bloque	10	ln_random_reference	comparison	t	3	3	layer_norm: Matches the reference on random inputs (rtol 1e-6, atol 1e-8)
100	7	1	bloque	11	block_shape	shape	t	2	2	bloque returns (T, d_model), also with T = 1 and d_ff ≠ d_model
101	7	1	bloque	12	attention_once_on_input	attention	t	2	2	atencion is applied once, to the X entering the block
102	7	1	bloque	13	first_residual	residual	t	2	2	First sublayer: LayerNorm(X + atencion(X))
103	7	1	bloque	14	second_residual	residual	f	0	2	Second sublayer: LayerNorm(H + FFN(H)): not met, because your bloque does not add the first layer's bias b1 and does not add the second layer's bias b2 (is off by up to 0.935 from the right value)
104	7	1	bloque	15	post_norm	normalization	t	2	2	The block ends in a layer norm (post-norm)
105	7	1	bloque	16	norm_parameter_pairs	parameters	f	0	2	gamma1/beta1 in the first normalisation, gamma2/beta2 in the second: not met, because your bloque does not add the first layer's bias b1 and does not add the second layer's bias b2 (is off by up to 0.69 from the right value)
106	7	1	bloque	17	ffn_relu	ffn	f	0	2	The position-wise perceptron has ReLU between its two layers: not met, because your bloque does not add the first layer's bias b1 and does not add the second layer's bias b2 (is off by up to 0.866 from the right value)
107	7	1	bloque	18	ffn_biases	ffn	f	0	2	Both biases b1 and b2 are added: not met, because your bloque does not add the first layer's bias b1 and does not add the second layer's bias b2 (is off by up to 0.436 from the right value)
48	4	1	layer_norm	0	shape	shape	t	1	1	The output has the input's shape (T, d_model)
49	4	1	layer_norm	1	rows_mean0_std1	normalization	t	2	2	With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1
50	4	1	layer_norm	2	row_independence	independence	t	2	2	Touching row 4 does not move row 0: each row is normalised on its own
51	4	1	layer_norm	3	gamma_beta_per_coordinate	parameters	t	2	2	gamma and beta apply coordinate by coordinate
52	4	1	layer_norm	4	population_deviation	normalization	t	1	1	The standard deviation is the population one (divide by d_model)
53	4	1	layer_norm	5	constant_row	stability	t	1	1	A constant row comes out finite (equal to beta)
54	4	1	layer_norm	6	eps_inside_root	stability	t	1	1	ε is added to the variance, inside the root
55	4	1	layer_norm	7	eps_argument	parameters	t	1	1	A non-default eps is honoured
56	4	1	layer_norm	8	float32_input	stability	t	1	1	Works on float32 input
57	4	1	layer_norm	9	large_values	stability	t	1	1	Large values (1e8 + noise) normalise correctly
58	4	1	layer_norm	10	single_coordinate	shape	t	1	1	With d_model = 1 every row comes out equal to beta
59	4	1	layer_norm	11	inputs_untouched	purity	t	1	1	Does not modify the arrays it receives
60	4	1	layer_norm	12	random_reference	comparison	t	3	3	Matches the reference on random inputs (rtol 1e-6, atol 1e-8)
76	6	1	layer_norm	0	shape	shape	t	1	1	The output has the input's shape (T, d_model)
77	6	1	layer_norm	1	rows_mean0_std1	normalization	t	2	2	With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1
78	6	1	layer_norm	2	row_independence	independence	t	2	2	Touching row 4 does not move row 0: each row is normalised on its own
79	6	1	layer_norm	3	gamma_beta_per_coordinate	parameters	f	0	2	gamma and beta apply coordinate by coordinate: not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 1.13e-05 from the right value)
80	6	1	layer_norm	4	population_deviation	normalization	f	0	1	The standard deviation is the population one (divide by d_model): not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 3.57e-05 from the right value)
81	6	1	layer_norm	5	constant_row	stability	f	0	1	A constant row comes out finite (equal to beta): not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 1.51e-05 from the right value)
82	6	1	layer_norm	6	eps_inside_root	stability	f	0	1	ε is added to the variance, inside the root: not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 0.778 from the right value)
83	6	1	layer_norm	7	eps_argument	parameters	f	0	1	A non-default eps is honoured: not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 0.152 from the right value)
84	6	1	layer_norm	8	float32_input	stability	t	1	1	Works on float32 input
85	6	1	layer_norm	9	large_values	stability	t	1	1	Large values (1e8 + noise) normalise correctly
86	6	1	layer_norm	10	single_coordinate	shape	t	1	1	With d_model = 1 every row comes out equal to beta
87	6	1	layer_norm	11	inputs_untouched	purity	t	1	1	Does not modify the arrays it receives
88	6	1	layer_norm	12	random_reference	comparison	f	0	3	Matches the reference on random inputs (rtol 1e-6, atol 1e-8): not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 4.79e-06 from the right value)
110	8	1	layer_norm	0	shape	shape	f	0	1	The output has the input's shape (T, d_model): could not be checked: the error above prevented it
111	8	1	layer_norm	1	rows_mean0_std1	normalization	f	0	2	With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1: could not be checked: the error above prevented it
112	8	1	layer_norm	2	row_independence	independence	f	0	2	Touching row 4 does not move row 0: each row is normalised on its own: could not be checked: the error above prevented it
113	8	1	layer_norm	3	gamma_beta_per_coordinate	parameters	f	0	2	gamma and beta apply coordinate by coordinate: could not be checked: the error above prevented it
114	8	1	layer_norm	4	population_deviation	normalization	f	0	1	The standard deviation is the population one (divide by d_model): could not be checked: the error above prevented it
115	8	1	layer_norm	5	constant_row	stability	f	0	1	A constant row comes out finite (equal to beta): could not be checked: the error above prevented it
116	8	1	layer_norm	6	eps_inside_root	stability	f	0	1	ε is added to the variance, inside the root: could not be checked: the error above prevented it
117	8	1	layer_norm	7	eps_argument	parameters	f	0	1	A non-default eps is honoured: could not be checked: the error above prevented it
118	8	1	layer_norm	8	float32_input	stability	f	0	1	Works on float32 input: could not be checked: the error above prevented it
119	8	1	layer_norm	9	large_values	stability	f	0	1	Large values (1e8 + noise) normalise correctly: could not be checked: the error above prevented it
120	8	1	layer_norm	10	single_coordinate	shape	f	0	1	With d_model = 1 every row comes out equal to beta: could not be checked: the error above prevented it
121	8	1	layer_norm	11	inputs_untouched	purity	f	0	1	Does not modify the arrays it receives: could not be checked: the error above prevented it
122	8	1	layer_norm	12	random_reference	comparison	f	0	3	Matches the reference on random inputs (rtol 1e-6, atol 1e-8): could not be checked: the error above prevented it
108	7	1	bloque	19	block_inputs_untouched	purity	t	1	1	bloque modifies neither X nor the arrays in p
109	7	1	bloque	20	block_random_reference	comparison	f	0	3	Matches the reference on random blocks (rtol 1e-6, atol 1e-8): not met, because your bloque does not add the first layer's bias b1 and does not add the second layer's bias b2 (is off by up to 0.537 from the right value)
\.


--
-- Data for Name: webhook_deliveries; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.webhook_deliveries (id, submission_id, url, attempt, status_code, error, delivered, duration_ms, created_at) FROM stdin;
\.


--
-- Data for Name: workers; Type: TABLE DATA; Schema: ag_upgrade_fixture; Owner: -
--

COPY ag_upgrade_fixture.workers (name, layers, started_at, seen_at) FROM stdin;
\.


--
-- Name: api_keys_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.api_keys_id_seq', 1, true);


--
-- Name: course_policies_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.course_policies_id_seq', 1, true);


--
-- Name: courses_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.courses_id_seq', 9, true);


--
-- Name: diagnoses_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.diagnoses_id_seq', 7, true);


--
-- Name: due_extensions_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.due_extensions_id_seq', 1, true);


--
-- Name: instructors_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.instructors_id_seq', 1, false);


--
-- Name: lms_due_dates_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.lms_due_dates_id_seq', 1, false);


--
-- Name: lti_contexts_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.lti_contexts_id_seq', 1, false);


--
-- Name: lti_links_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.lti_links_id_seq', 1, false);


--
-- Name: lti_registrations_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.lti_registrations_id_seq', 1, false);


--
-- Name: lti_tool_keys_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.lti_tool_keys_id_seq', 1, true);


--
-- Name: platforms_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.platforms_id_seq', 1, true);


--
-- Name: regrades_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.regrades_id_seq', 1, false);


--
-- Name: results_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.results_id_seq', 8, true);


--
-- Name: roster_members_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.roster_members_id_seq', 1, false);


--
-- Name: students_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.students_id_seq', 7, true);


--
-- Name: test_outcomes_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.test_outcomes_id_seq', 122, true);


--
-- Name: webhook_deliveries_id_seq; Type: SEQUENCE SET; Schema: ag_upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('ag_upgrade_fixture.webhook_deliveries_id_seq', 1, false);


--
-- Name: alembic_version alembic_version_pkc; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.alembic_version
    ADD CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num);


--
-- Name: agg_buckets pk_agg_buckets; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_buckets
    ADD CONSTRAINT pk_agg_buckets PRIMARY KEY (course_id, challenge, bucket);


--
-- Name: agg_challenges pk_agg_challenges; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_challenges
    ADD CONSTRAINT pk_agg_challenges PRIMARY KEY (course_id, challenge);


--
-- Name: agg_diagnoses pk_agg_diagnoses; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_diagnoses
    ADD CONSTRAINT pk_agg_diagnoses PRIMARY KEY (course_id, challenge, diagnosis_id);


--
-- Name: agg_errors pk_agg_errors; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_errors
    ADD CONSTRAINT pk_agg_errors PRIMARY KEY (course_id, challenge, kind);


--
-- Name: agg_student_challenges pk_agg_student_challenges; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_student_challenges
    ADD CONSTRAINT pk_agg_student_challenges PRIMARY KEY (course_id, challenge, student_id);


--
-- Name: agg_students pk_agg_students; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_students
    ADD CONSTRAINT pk_agg_students PRIMARY KEY (course_id, student_id);


--
-- Name: agg_tests pk_agg_tests; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_tests
    ADD CONSTRAINT pk_agg_tests PRIMARY KEY (course_id, challenge, test_id);


--
-- Name: agg_versions pk_agg_versions; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_versions
    ADD CONSTRAINT pk_agg_versions PRIMARY KEY (course_id, challenge, version);


--
-- Name: api_keys pk_api_keys; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.api_keys
    ADD CONSTRAINT pk_api_keys PRIMARY KEY (id);


--
-- Name: course_policies pk_course_policies; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.course_policies
    ADD CONSTRAINT pk_course_policies PRIMARY KEY (id);


--
-- Name: courses pk_courses; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.courses
    ADD CONSTRAINT pk_courses PRIMARY KEY (id);


--
-- Name: dashboard_sessions pk_dashboard_sessions; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.dashboard_sessions
    ADD CONSTRAINT pk_dashboard_sessions PRIMARY KEY (token_hash);


--
-- Name: diagnoses pk_diagnoses; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.diagnoses
    ADD CONSTRAINT pk_diagnoses PRIMARY KEY (id);


--
-- Name: due_extensions pk_due_extensions; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.due_extensions
    ADD CONSTRAINT pk_due_extensions PRIMARY KEY (id);


--
-- Name: instructor_courses pk_instructor_courses; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.instructor_courses
    ADD CONSTRAINT pk_instructor_courses PRIMARY KEY (instructor_id, platform_id, course);


--
-- Name: instructors pk_instructors; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.instructors
    ADD CONSTRAINT pk_instructors PRIMARY KEY (id);


--
-- Name: key_scopes pk_key_scopes; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.key_scopes
    ADD CONSTRAINT pk_key_scopes PRIMARY KEY (key_id, course);


--
-- Name: lms_due_dates pk_lms_due_dates; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lms_due_dates
    ADD CONSTRAINT pk_lms_due_dates PRIMARY KEY (id);


--
-- Name: lti_contexts pk_lti_contexts; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_contexts
    ADD CONSTRAINT pk_lti_contexts PRIMARY KEY (id);


--
-- Name: lti_deployments pk_lti_deployments; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_deployments
    ADD CONSTRAINT pk_lti_deployments PRIMARY KEY (registration_id, deployment_id);


--
-- Name: lti_learners pk_lti_learners; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_learners
    ADD CONSTRAINT pk_lti_learners PRIMARY KEY (context_id, student);


--
-- Name: lti_links pk_lti_links; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_links
    ADD CONSTRAINT pk_lti_links PRIMARY KEY (id);


--
-- Name: lti_registrations pk_lti_registrations; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_registrations
    ADD CONSTRAINT pk_lti_registrations PRIMARY KEY (id);


--
-- Name: lti_scores pk_lti_scores; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_scores
    ADD CONSTRAINT pk_lti_scores PRIMARY KEY (submission_id);


--
-- Name: lti_tool_keys pk_lti_tool_keys; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_tool_keys
    ADD CONSTRAINT pk_lti_tool_keys PRIMARY KEY (id);


--
-- Name: lti_values pk_lti_values; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_values
    ADD CONSTRAINT pk_lti_values PRIMARY KEY (key);


--
-- Name: platforms pk_platforms; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.platforms
    ADD CONSTRAINT pk_platforms PRIMARY KEY (id);


--
-- Name: refused_attempts pk_refused_attempts; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.refused_attempts
    ADD CONSTRAINT pk_refused_attempts PRIMARY KEY (id);


--
-- Name: regrade_items pk_regrade_items; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.regrade_items
    ADD CONSTRAINT pk_regrade_items PRIMARY KEY (regrade_id, submission_id);


--
-- Name: regrades pk_regrades; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.regrades
    ADD CONSTRAINT pk_regrades PRIMARY KEY (id);


--
-- Name: results pk_results; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.results
    ADD CONSTRAINT pk_results PRIMARY KEY (id);


--
-- Name: roster_members pk_roster_members; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.roster_members
    ADD CONSTRAINT pk_roster_members PRIMARY KEY (id);


--
-- Name: roster_syncs pk_roster_syncs; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.roster_syncs
    ADD CONSTRAINT pk_roster_syncs PRIMARY KEY (course_id);


--
-- Name: students pk_students; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.students
    ADD CONSTRAINT pk_students PRIMARY KEY (id);


--
-- Name: submissions pk_submissions; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.submissions
    ADD CONSTRAINT pk_submissions PRIMARY KEY (id);


--
-- Name: test_outcomes pk_test_outcomes; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.test_outcomes
    ADD CONSTRAINT pk_test_outcomes PRIMARY KEY (id);


--
-- Name: webhook_deliveries pk_webhook_deliveries; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.webhook_deliveries
    ADD CONSTRAINT pk_webhook_deliveries PRIMARY KEY (id);


--
-- Name: workers pk_workers; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.workers
    ADD CONSTRAINT pk_workers PRIMARY KEY (name);


--
-- Name: api_keys uq_api_keys_prefix; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.api_keys
    ADD CONSTRAINT uq_api_keys_prefix UNIQUE (prefix);


--
-- Name: course_policies uq_course_policies_course_id; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.course_policies
    ADD CONSTRAINT uq_course_policies_course_id UNIQUE (course_id, challenge);


--
-- Name: courses uq_courses_platform_id; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.courses
    ADD CONSTRAINT uq_courses_platform_id UNIQUE (platform_id, slug);


--
-- Name: due_extensions uq_due_extensions_course_id; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.due_extensions
    ADD CONSTRAINT uq_due_extensions_course_id UNIQUE (course_id, student, challenge);


--
-- Name: instructors uq_instructors_email; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.instructors
    ADD CONSTRAINT uq_instructors_email UNIQUE (email);


--
-- Name: lms_due_dates uq_lms_due_dates_course_id; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lms_due_dates
    ADD CONSTRAINT uq_lms_due_dates_course_id UNIQUE (course_id, challenge);


--
-- Name: lti_contexts uq_lti_contexts_registration_id; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_contexts
    ADD CONSTRAINT uq_lti_contexts_registration_id UNIQUE (registration_id, context_id);


--
-- Name: lti_links uq_lti_links_context_id; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_links
    ADD CONSTRAINT uq_lti_links_context_id UNIQUE (context_id, resource_link_id);


--
-- Name: lti_registrations uq_lti_registrations_issuer; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_registrations
    ADD CONSTRAINT uq_lti_registrations_issuer UNIQUE (issuer, client_id);


--
-- Name: lti_tool_keys uq_lti_tool_keys_kid; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_tool_keys
    ADD CONSTRAINT uq_lti_tool_keys_kid UNIQUE (kid);


--
-- Name: platforms uq_platforms_name; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.platforms
    ADD CONSTRAINT uq_platforms_name UNIQUE (name);


--
-- Name: results uq_results_submission_id; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.results
    ADD CONSTRAINT uq_results_submission_id UNIQUE (submission_id, challenge_version);


--
-- Name: roster_members uq_roster_members_course_id; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.roster_members
    ADD CONSTRAINT uq_roster_members_course_id UNIQUE (course_id, student);


--
-- Name: students uq_students_course_id; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.students
    ADD CONSTRAINT uq_students_course_id UNIQUE (course_id, external_id);


--
-- Name: submissions uq_submissions_platform_id; Type: CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.submissions
    ADD CONSTRAINT uq_submissions_platform_id UNIQUE (platform_id, idempotency_key);


--
-- Name: ix_agg_student_challenges_best; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_agg_student_challenges_best ON ag_upgrade_fixture.agg_student_challenges USING btree (course_id, challenge, best, external_id);


--
-- Name: ix_agg_students_attempts; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_agg_students_attempts ON ag_upgrade_fixture.agg_students USING btree (course_id, attempts, external_id);


--
-- Name: ix_agg_students_external_id; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_agg_students_external_id ON ag_upgrade_fixture.agg_students USING btree (course_id, external_id);


--
-- Name: ix_agg_students_last_at; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_agg_students_last_at ON ag_upgrade_fixture.agg_students USING btree (course_id, last_at, external_id);


--
-- Name: ix_api_keys_platform_id; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_api_keys_platform_id ON ag_upgrade_fixture.api_keys USING btree (platform_id);


--
-- Name: ix_dashboard_sessions_instructor_id; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_dashboard_sessions_instructor_id ON ag_upgrade_fixture.dashboard_sessions USING btree (instructor_id);


--
-- Name: ix_diagnoses_course_challenge_diagnosis; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_diagnoses_course_challenge_diagnosis ON ag_upgrade_fixture.diagnoses USING btree (course_id, challenge, diagnosis_id);


--
-- Name: ix_diagnoses_result_id; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_diagnoses_result_id ON ag_upgrade_fixture.diagnoses USING btree (result_id);


--
-- Name: ix_lti_registrations_platform_id; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_lti_registrations_platform_id ON ag_upgrade_fixture.lti_registrations USING btree (platform_id);


--
-- Name: ix_lti_scores_link_id; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_lti_scores_link_id ON ag_upgrade_fixture.lti_scores USING btree (link_id);


--
-- Name: ix_lti_values_expires_at; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_lti_values_expires_at ON ag_upgrade_fixture.lti_values USING btree (expires_at);


--
-- Name: ix_refused_attempts_student_challenge; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_refused_attempts_student_challenge ON ag_upgrade_fixture.refused_attempts USING btree (student_id, challenge, created_at);


--
-- Name: ix_regrades_course; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_regrades_course ON ag_upgrade_fixture.regrades USING btree (course);


--
-- Name: ix_results_course_challenge; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_results_course_challenge ON ag_upgrade_fixture.results USING btree (course_id, challenge);


--
-- Name: ix_submissions_course_challenge_created; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_submissions_course_challenge_created ON ag_upgrade_fixture.submissions USING btree (course_id, challenge, created_at);


--
-- Name: ix_submissions_course_created; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_submissions_course_created ON ag_upgrade_fixture.submissions USING btree (course_id, created_at, id);


--
-- Name: ix_submissions_platform_created; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_submissions_platform_created ON ag_upgrade_fixture.submissions USING btree (platform_id, created_at);


--
-- Name: ix_submissions_status_created; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_submissions_status_created ON ag_upgrade_fixture.submissions USING btree (status, created_at);


--
-- Name: ix_submissions_student_created; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_submissions_student_created ON ag_upgrade_fixture.submissions USING btree (student_id, created_at);


--
-- Name: ix_test_outcomes_course_challenge_test; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_test_outcomes_course_challenge_test ON ag_upgrade_fixture.test_outcomes USING btree (course_id, challenge, test_id);


--
-- Name: ix_test_outcomes_result_id; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_test_outcomes_result_id ON ag_upgrade_fixture.test_outcomes USING btree (result_id);


--
-- Name: ix_webhook_deliveries_submission_id; Type: INDEX; Schema: ag_upgrade_fixture; Owner: -
--

CREATE INDEX ix_webhook_deliveries_submission_id ON ag_upgrade_fixture.webhook_deliveries USING btree (submission_id);


--
-- Name: agg_buckets fk_agg_buckets_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_buckets
    ADD CONSTRAINT fk_agg_buckets_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: agg_challenges fk_agg_challenges_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_challenges
    ADD CONSTRAINT fk_agg_challenges_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: agg_diagnoses fk_agg_diagnoses_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_diagnoses
    ADD CONSTRAINT fk_agg_diagnoses_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: agg_errors fk_agg_errors_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_errors
    ADD CONSTRAINT fk_agg_errors_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: agg_student_challenges fk_agg_student_challenges_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_student_challenges
    ADD CONSTRAINT fk_agg_student_challenges_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: agg_student_challenges fk_agg_student_challenges_student_id_students; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_student_challenges
    ADD CONSTRAINT fk_agg_student_challenges_student_id_students FOREIGN KEY (student_id) REFERENCES ag_upgrade_fixture.students(id) ON DELETE CASCADE;


--
-- Name: agg_students fk_agg_students_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_students
    ADD CONSTRAINT fk_agg_students_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: agg_students fk_agg_students_student_id_students; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_students
    ADD CONSTRAINT fk_agg_students_student_id_students FOREIGN KEY (student_id) REFERENCES ag_upgrade_fixture.students(id) ON DELETE CASCADE;


--
-- Name: agg_tests fk_agg_tests_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_tests
    ADD CONSTRAINT fk_agg_tests_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: agg_versions fk_agg_versions_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.agg_versions
    ADD CONSTRAINT fk_agg_versions_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: api_keys fk_api_keys_platform_id_platforms; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.api_keys
    ADD CONSTRAINT fk_api_keys_platform_id_platforms FOREIGN KEY (platform_id) REFERENCES ag_upgrade_fixture.platforms(id) ON DELETE CASCADE;


--
-- Name: course_policies fk_course_policies_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.course_policies
    ADD CONSTRAINT fk_course_policies_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: courses fk_courses_platform_id_platforms; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.courses
    ADD CONSTRAINT fk_courses_platform_id_platforms FOREIGN KEY (platform_id) REFERENCES ag_upgrade_fixture.platforms(id) ON DELETE CASCADE;


--
-- Name: dashboard_sessions fk_dashboard_sessions_instructor_id_instructors; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.dashboard_sessions
    ADD CONSTRAINT fk_dashboard_sessions_instructor_id_instructors FOREIGN KEY (instructor_id) REFERENCES ag_upgrade_fixture.instructors(id) ON DELETE CASCADE;


--
-- Name: diagnoses fk_diagnoses_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.diagnoses
    ADD CONSTRAINT fk_diagnoses_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: diagnoses fk_diagnoses_result_id_results; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.diagnoses
    ADD CONSTRAINT fk_diagnoses_result_id_results FOREIGN KEY (result_id) REFERENCES ag_upgrade_fixture.results(id) ON DELETE CASCADE;


--
-- Name: due_extensions fk_due_extensions_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.due_extensions
    ADD CONSTRAINT fk_due_extensions_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: instructor_courses fk_instructor_courses_instructor_id_instructors; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.instructor_courses
    ADD CONSTRAINT fk_instructor_courses_instructor_id_instructors FOREIGN KEY (instructor_id) REFERENCES ag_upgrade_fixture.instructors(id) ON DELETE CASCADE;


--
-- Name: instructor_courses fk_instructor_courses_platform_id_platforms; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.instructor_courses
    ADD CONSTRAINT fk_instructor_courses_platform_id_platforms FOREIGN KEY (platform_id) REFERENCES ag_upgrade_fixture.platforms(id) ON DELETE CASCADE;


--
-- Name: key_scopes fk_key_scopes_key_id_api_keys; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.key_scopes
    ADD CONSTRAINT fk_key_scopes_key_id_api_keys FOREIGN KEY (key_id) REFERENCES ag_upgrade_fixture.api_keys(id) ON DELETE CASCADE;


--
-- Name: lms_due_dates fk_lms_due_dates_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lms_due_dates
    ADD CONSTRAINT fk_lms_due_dates_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: lti_contexts fk_lti_contexts_registration_id_lti_registrations; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_contexts
    ADD CONSTRAINT fk_lti_contexts_registration_id_lti_registrations FOREIGN KEY (registration_id) REFERENCES ag_upgrade_fixture.lti_registrations(id) ON DELETE CASCADE;


--
-- Name: lti_deployments fk_lti_deployments_registration_id_lti_registrations; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_deployments
    ADD CONSTRAINT fk_lti_deployments_registration_id_lti_registrations FOREIGN KEY (registration_id) REFERENCES ag_upgrade_fixture.lti_registrations(id) ON DELETE CASCADE;


--
-- Name: lti_learners fk_lti_learners_context_id_lti_contexts; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_learners
    ADD CONSTRAINT fk_lti_learners_context_id_lti_contexts FOREIGN KEY (context_id) REFERENCES ag_upgrade_fixture.lti_contexts(id) ON DELETE CASCADE;


--
-- Name: lti_links fk_lti_links_context_id_lti_contexts; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_links
    ADD CONSTRAINT fk_lti_links_context_id_lti_contexts FOREIGN KEY (context_id) REFERENCES ag_upgrade_fixture.lti_contexts(id) ON DELETE CASCADE;


--
-- Name: lti_registrations fk_lti_registrations_api_key_id_api_keys; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_registrations
    ADD CONSTRAINT fk_lti_registrations_api_key_id_api_keys FOREIGN KEY (api_key_id) REFERENCES ag_upgrade_fixture.api_keys(id) ON DELETE CASCADE;


--
-- Name: lti_registrations fk_lti_registrations_platform_id_platforms; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_registrations
    ADD CONSTRAINT fk_lti_registrations_platform_id_platforms FOREIGN KEY (platform_id) REFERENCES ag_upgrade_fixture.platforms(id) ON DELETE CASCADE;


--
-- Name: lti_scores fk_lti_scores_link_id_lti_links; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_scores
    ADD CONSTRAINT fk_lti_scores_link_id_lti_links FOREIGN KEY (link_id) REFERENCES ag_upgrade_fixture.lti_links(id) ON DELETE CASCADE;


--
-- Name: lti_scores fk_lti_scores_submission_id_submissions; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.lti_scores
    ADD CONSTRAINT fk_lti_scores_submission_id_submissions FOREIGN KEY (submission_id) REFERENCES ag_upgrade_fixture.submissions(id) ON DELETE CASCADE;


--
-- Name: refused_attempts fk_refused_attempts_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.refused_attempts
    ADD CONSTRAINT fk_refused_attempts_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: refused_attempts fk_refused_attempts_student_id_students; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.refused_attempts
    ADD CONSTRAINT fk_refused_attempts_student_id_students FOREIGN KEY (student_id) REFERENCES ag_upgrade_fixture.students(id) ON DELETE CASCADE;


--
-- Name: regrade_items fk_regrade_items_regrade_id_regrades; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.regrade_items
    ADD CONSTRAINT fk_regrade_items_regrade_id_regrades FOREIGN KEY (regrade_id) REFERENCES ag_upgrade_fixture.regrades(id) ON DELETE CASCADE;


--
-- Name: regrade_items fk_regrade_items_submission_id_submissions; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.regrade_items
    ADD CONSTRAINT fk_regrade_items_submission_id_submissions FOREIGN KEY (submission_id) REFERENCES ag_upgrade_fixture.submissions(id) ON DELETE CASCADE;


--
-- Name: regrades fk_regrades_instructor_id_instructors; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.regrades
    ADD CONSTRAINT fk_regrades_instructor_id_instructors FOREIGN KEY (instructor_id) REFERENCES ag_upgrade_fixture.instructors(id) ON DELETE SET NULL;


--
-- Name: regrades fk_regrades_platform_id_platforms; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.regrades
    ADD CONSTRAINT fk_regrades_platform_id_platforms FOREIGN KEY (platform_id) REFERENCES ag_upgrade_fixture.platforms(id) ON DELETE CASCADE;


--
-- Name: results fk_results_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.results
    ADD CONSTRAINT fk_results_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: results fk_results_submission_id_submissions; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.results
    ADD CONSTRAINT fk_results_submission_id_submissions FOREIGN KEY (submission_id) REFERENCES ag_upgrade_fixture.submissions(id) ON DELETE CASCADE;


--
-- Name: roster_members fk_roster_members_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.roster_members
    ADD CONSTRAINT fk_roster_members_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: roster_syncs fk_roster_syncs_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.roster_syncs
    ADD CONSTRAINT fk_roster_syncs_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: students fk_students_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.students
    ADD CONSTRAINT fk_students_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: submissions fk_submissions_api_key_id_api_keys; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.submissions
    ADD CONSTRAINT fk_submissions_api_key_id_api_keys FOREIGN KEY (api_key_id) REFERENCES ag_upgrade_fixture.api_keys(id) ON DELETE CASCADE;


--
-- Name: submissions fk_submissions_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.submissions
    ADD CONSTRAINT fk_submissions_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: submissions fk_submissions_platform_id_platforms; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.submissions
    ADD CONSTRAINT fk_submissions_platform_id_platforms FOREIGN KEY (platform_id) REFERENCES ag_upgrade_fixture.platforms(id) ON DELETE CASCADE;


--
-- Name: submissions fk_submissions_student_id_students; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.submissions
    ADD CONSTRAINT fk_submissions_student_id_students FOREIGN KEY (student_id) REFERENCES ag_upgrade_fixture.students(id) ON DELETE CASCADE;


--
-- Name: test_outcomes fk_test_outcomes_course_id_courses; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.test_outcomes
    ADD CONSTRAINT fk_test_outcomes_course_id_courses FOREIGN KEY (course_id) REFERENCES ag_upgrade_fixture.courses(id) ON DELETE CASCADE;


--
-- Name: test_outcomes fk_test_outcomes_result_id_results; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.test_outcomes
    ADD CONSTRAINT fk_test_outcomes_result_id_results FOREIGN KEY (result_id) REFERENCES ag_upgrade_fixture.results(id) ON DELETE CASCADE;


--
-- Name: webhook_deliveries fk_webhook_deliveries_submission_id_submissions; Type: FK CONSTRAINT; Schema: ag_upgrade_fixture; Owner: -
--

ALTER TABLE ONLY ag_upgrade_fixture.webhook_deliveries
    ADD CONSTRAINT fk_webhook_deliveries_submission_id_submissions FOREIGN KEY (submission_id) REFERENCES ag_upgrade_fixture.submissions(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

\unrestrict 372CA5TF9Dj1i9d7RRvvz28ys4tMBWTkoA4MJc1adU9p2y45bxOD9zW5erNRFSX

