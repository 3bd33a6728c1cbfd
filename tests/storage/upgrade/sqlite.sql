BEGIN TRANSACTION;
CREATE TABLE agg_buckets (
	course_id INTEGER NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	bucket INTEGER NOT NULL, 
	students INTEGER NOT NULL, 
	CONSTRAINT pk_agg_buckets PRIMARY KEY (course_id, challenge, bucket), 
	CONSTRAINT fk_agg_buckets_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE
);
INSERT INTO "agg_buckets" VALUES(1,'layer_norm',10,2);
INSERT INTO "agg_buckets" VALUES(1,'bloque',6,2);
INSERT INTO "agg_buckets" VALUES(1,'layer_norm',1,0);
INSERT INTO "agg_buckets" VALUES(1,'atencion_causal',6,1);
INSERT INTO "agg_buckets" VALUES(1,'layer_norm',5,1);
INSERT INTO "agg_buckets" VALUES(1,'layer_norm',0,1);
CREATE TABLE agg_challenges (
	course_id INTEGER NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	tried INTEGER NOT NULL, 
	reached_100 INTEGER NOT NULL, 
	attempts INTEGER NOT NULL, 
	errored INTEGER NOT NULL, 
	CONSTRAINT pk_agg_challenges PRIMARY KEY (course_id, challenge), 
	CONSTRAINT fk_agg_challenges_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE
);
INSERT INTO "agg_challenges" VALUES(1,'layer_norm',4,2,5,1);
INSERT INTO "agg_challenges" VALUES(1,'bloque',2,0,2,0);
INSERT INTO "agg_challenges" VALUES(1,'atencion_causal',1,0,1,0);
CREATE TABLE agg_diagnoses (
	course_id INTEGER NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	diagnosis_id VARCHAR(100) NOT NULL, 
	students INTEGER NOT NULL, holders INTEGER DEFAULT '0' NOT NULL, 
	CONSTRAINT pk_agg_diagnoses PRIMARY KEY (course_id, challenge, diagnosis_id), 
	CONSTRAINT fk_agg_diagnoses_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE
);
INSERT INTO "agg_diagnoses" VALUES(1,'bloque','missing_first_residual',1,1);
INSERT INTO "agg_diagnoses" VALUES(1,'bloque','missing_second_residual',1,1);
INSERT INTO "agg_diagnoses" VALUES(1,'layer_norm','normalizes_by_column',1,0);
INSERT INTO "agg_diagnoses" VALUES(1,'atencion_causal','masks_cross_attention',1,1);
INSERT INTO "agg_diagnoses" VALUES(1,'layer_norm','eps_outside_root',1,1);
INSERT INTO "agg_diagnoses" VALUES(1,'bloque','missing_bias_b1',1,1);
INSERT INTO "agg_diagnoses" VALUES(1,'bloque','missing_bias_b2',1,1);
CREATE TABLE agg_errors (
	course_id INTEGER NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	kind VARCHAR(40) NOT NULL, 
	attempts INTEGER NOT NULL, 
	CONSTRAINT pk_agg_errors PRIMARY KEY (course_id, challenge, kind), 
	CONSTRAINT fk_agg_errors_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE
);
INSERT INTO "agg_errors" VALUES(1,'layer_norm','syntax',1);
CREATE TABLE agg_student_challenges (
	course_id INTEGER NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	student_id INTEGER NOT NULL, 
	external_id VARCHAR(200) NOT NULL, 
	attempts INTEGER NOT NULL, 
	best FLOAT NOT NULL, 
	last_at DATETIME, 
	diagnoses TEXT NOT NULL, current_diagnoses TEXT DEFAULT '' NOT NULL, 
	CONSTRAINT pk_agg_student_challenges PRIMARY KEY (course_id, challenge, student_id), 
	CONSTRAINT fk_agg_student_challenges_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE, 
	CONSTRAINT fk_agg_student_challenges_student_id_students FOREIGN KEY(student_id) REFERENCES students (id) ON DELETE CASCADE
);
INSERT INTO "agg_student_challenges" VALUES(1,'layer_norm',1,'ana',1,100.0,'2026-12-04 21:14:07.992767','','');
INSERT INTO "agg_student_challenges" VALUES(1,'bloque',1,'ana',1,63.89,'2026-12-04 21:14:09.010129','missing_first_residual;missing_second_residual','missing_first_residual;missing_second_residual');
INSERT INTO "agg_student_challenges" VALUES(1,'layer_norm',2,'ben',2,100.0,'2026-12-04 21:14:09.480313','normalizes_by_column','');
INSERT INTO "agg_student_challenges" VALUES(1,'atencion_causal',3,'carla',1,64.0,'2026-12-04 21:14:09.533486','masks_cross_attention','masks_cross_attention');
INSERT INTO "agg_student_challenges" VALUES(1,'layer_norm',3,'carla',1,50.0,'2026-12-04 21:14:09.686832','eps_outside_root','eps_outside_root');
INSERT INTO "agg_student_challenges" VALUES(1,'bloque',4,'dario',1,69.44,'2026-12-04 21:14:09.749896','missing_bias_b1;missing_bias_b2','missing_bias_b1;missing_bias_b2');
INSERT INTO "agg_student_challenges" VALUES(1,'layer_norm',5,'elena',1,0.0,'2026-12-04 21:14:10.024910','','');
CREATE TABLE agg_students (
	course_id INTEGER NOT NULL, 
	student_id INTEGER NOT NULL, 
	external_id VARCHAR(200) NOT NULL, 
	attempts INTEGER NOT NULL, 
	last_at DATETIME, 
	CONSTRAINT pk_agg_students PRIMARY KEY (course_id, student_id), 
	CONSTRAINT fk_agg_students_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE, 
	CONSTRAINT fk_agg_students_student_id_students FOREIGN KEY(student_id) REFERENCES students (id) ON DELETE CASCADE
);
INSERT INTO "agg_students" VALUES(1,1,'ana',2,'2026-12-04 21:14:09.010129');
INSERT INTO "agg_students" VALUES(1,2,'ben',2,'2026-12-04 21:14:09.480313');
INSERT INTO "agg_students" VALUES(1,3,'carla',2,'2026-12-04 21:14:09.686832');
INSERT INTO "agg_students" VALUES(1,4,'dario',1,'2026-12-04 21:14:09.749896');
INSERT INTO "agg_students" VALUES(1,5,'elena',1,'2026-12-04 21:14:10.024910');
CREATE TABLE agg_tests (
	course_id INTEGER NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	test_id VARCHAR(100) NOT NULL, 
	category VARCHAR(60) NOT NULL, 
	position INTEGER NOT NULL, 
	ran INTEGER NOT NULL, 
	failed INTEGER NOT NULL, 
	errored INTEGER NOT NULL, 
	CONSTRAINT pk_agg_tests PRIMARY KEY (course_id, challenge, test_id), 
	CONSTRAINT fk_agg_tests_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE
);
INSERT INTO "agg_tests" VALUES(1,'layer_norm','constant_row','stability',5,4,2,1);
INSERT INTO "agg_tests" VALUES(1,'layer_norm','eps_argument','parameters',7,4,2,1);
INSERT INTO "agg_tests" VALUES(1,'layer_norm','eps_inside_root','stability',6,4,2,1);
INSERT INTO "agg_tests" VALUES(1,'layer_norm','float32_input','stability',8,4,1,1);
INSERT INTO "agg_tests" VALUES(1,'layer_norm','gamma_beta_per_coordinate','parameters',3,4,2,1);
INSERT INTO "agg_tests" VALUES(1,'layer_norm','inputs_untouched','purity',11,4,0,1);
INSERT INTO "agg_tests" VALUES(1,'layer_norm','large_values','stability',9,4,1,1);
INSERT INTO "agg_tests" VALUES(1,'layer_norm','population_deviation','normalization',4,4,2,1);
INSERT INTO "agg_tests" VALUES(1,'layer_norm','random_reference','comparison',12,4,2,1);
INSERT INTO "agg_tests" VALUES(1,'layer_norm','row_independence','independence',2,4,1,1);
INSERT INTO "agg_tests" VALUES(1,'layer_norm','rows_mean0_std1','normalization',1,4,1,1);
INSERT INTO "agg_tests" VALUES(1,'layer_norm','shape','shape',0,4,0,1);
INSERT INTO "agg_tests" VALUES(1,'layer_norm','single_coordinate','shape',10,4,1,1);
INSERT INTO "agg_tests" VALUES(1,'bloque','attention_once_on_input','attention',12,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','block_inputs_untouched','purity',19,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','block_random_reference','comparison',20,2,2,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','block_shape','shape',11,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','ffn_biases','ffn',18,2,2,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','ffn_relu','ffn',17,2,2,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','first_residual','residual',13,2,1,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','ln_constant_row','stability',5,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','ln_eps_argument','parameters',7,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','ln_eps_inside_root','stability',6,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','ln_gamma_beta_per_coordinate','parameters',3,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','ln_inputs_untouched','purity',9,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','ln_large_values','stability',8,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','ln_population_deviation','normalization',4,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','ln_random_reference','comparison',10,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','ln_row_independence','independence',2,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','ln_rows_mean0_std1','normalization',1,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','ln_shape','shape',0,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','norm_parameter_pairs','parameters',16,2,2,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','post_norm','normalization',15,2,0,0);
INSERT INTO "agg_tests" VALUES(1,'bloque','second_residual','residual',14,2,2,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','causality','causality',8,1,0,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','cross_attention_unmasked','mask',9,1,1,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','first_row_one_hot','mask',5,1,0,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','inputs_untouched','purity',13,1,0,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','large_scores','stability',11,1,1,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','mask_live_cells','mask',2,1,0,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','mask_shape','shape',0,1,0,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','mask_values','mask',1,1,0,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','masked_cells_dead','mask',6,1,0,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','random_reference','comparison',14,1,1,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','rows_sum_to_one','normalization',7,1,0,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','scaling','scaling',12,1,1,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','shape_cross','shape',4,1,0,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','shape_self','shape',3,1,0,0);
INSERT INTO "agg_tests" VALUES(1,'atencion_causal','uses_given_mask','mask',10,1,0,0);
CREATE TABLE agg_versions (
	course_id INTEGER NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	version INTEGER NOT NULL, 
	submissions INTEGER NOT NULL, 
	CONSTRAINT pk_agg_versions PRIMARY KEY (course_id, challenge, version), 
	CONSTRAINT fk_agg_versions_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE
);
INSERT INTO "agg_versions" VALUES(1,'layer_norm',1,5);
INSERT INTO "agg_versions" VALUES(1,'bloque',1,2);
INSERT INTO "agg_versions" VALUES(1,'atencion_causal',1,1);
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('0016_rosters');
CREATE TABLE "api_keys" (
	id INTEGER NOT NULL, 
	platform_id INTEGER NOT NULL, 
	prefix VARCHAR(32) NOT NULL, 
	key_hash VARCHAR(64) NOT NULL, 
	webhook_secret_sealed VARCHAR(255) NOT NULL, 
	created_at DATETIME NOT NULL, 
	revoked_at DATETIME, 
	last_used_at DATETIME, 
	expires_at DATETIME, 
	CONSTRAINT pk_api_keys PRIMARY KEY (id), 
	CONSTRAINT uq_api_keys_prefix UNIQUE (prefix), 
	CONSTRAINT fk_api_keys_platform_id_platforms FOREIGN KEY(platform_id) REFERENCES platforms (id) ON DELETE CASCADE
);
INSERT INTO "api_keys" VALUES(1,1,'5f7f7eb1874a','8da8b8d79e347aa7a22be924a080970479b111287200f264a3ff87a988ecc8a9','gAAAAABrEyz_KIhrWTuVeJD98aAIJfJ5rud5gq5qWI8oEb2F08d_C3f3Lax_NRam9r-xewB1DQ0mFkzmBU1zOkDQf-eCxsciWNU1rndjBiS2-fhPXTkYqDOxdko7d5NhGMULoG6n1RgZKKbDEPcaK_g1xXRCGuTHXA==','2026-12-04 21:13:35.196369',NULL,'2026-12-04 21:14:07.595082',NULL);
CREATE TABLE course_policies (
	id INTEGER NOT NULL, 
	course_id INTEGER NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	max_attempts INTEGER, 
	cooldown_seconds INTEGER, 
	window_attempts INTEGER, 
	window_seconds INTEGER, 
	updated_at DATETIME NOT NULL, due_at DATETIME, late_policy VARCHAR(20), late_penalty_percent FLOAT, 
	CONSTRAINT pk_course_policies PRIMARY KEY (id), 
	CONSTRAINT fk_course_policies_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE, 
	CONSTRAINT uq_course_policies_course_id UNIQUE (course_id, challenge)
);
INSERT INTO "course_policies" VALUES(1,1,'layer_norm',5,NULL,NULL,NULL,'2026-12-04 21:14:07.626730',NULL,NULL,NULL);
CREATE TABLE courses (
	id INTEGER NOT NULL, 
	platform_id INTEGER NOT NULL, 
	slug VARCHAR(200) NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_courses PRIMARY KEY (id), 
	CONSTRAINT fk_courses_platform_id_platforms FOREIGN KEY(platform_id) REFERENCES platforms (id) ON DELETE CASCADE, 
	CONSTRAINT uq_courses_platform_id UNIQUE (platform_id, slug)
);
INSERT INTO "courses" VALUES(1,1,'ia-2026','2026-12-04 21:14:07.622529');
CREATE TABLE dashboard_sessions (
	token_hash VARCHAR(64) NOT NULL, 
	instructor_id INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	expires_at DATETIME NOT NULL, 
	CONSTRAINT pk_dashboard_sessions PRIMARY KEY (token_hash), 
	CONSTRAINT fk_dashboard_sessions_instructor_id_instructors FOREIGN KEY(instructor_id) REFERENCES instructors (id) ON DELETE CASCADE
);
CREATE TABLE diagnoses (
	id INTEGER NOT NULL, 
	result_id INTEGER NOT NULL, 
	course_id INTEGER NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	position INTEGER NOT NULL, 
	diagnosis_id VARCHAR(100) NOT NULL, 
	message TEXT NOT NULL, 
	CONSTRAINT pk_diagnoses PRIMARY KEY (id), 
	CONSTRAINT fk_diagnoses_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE, 
	CONSTRAINT fk_diagnoses_result_id_results FOREIGN KEY(result_id) REFERENCES results (id) ON DELETE CASCADE
);
INSERT INTO "diagnoses" VALUES(1,2,1,'bloque',0,'missing_first_residual','The first residual connection is missing: you normalise atencion(X) without adding X. A sublayer does not replace what it receives: LayerNorm(X + atencion(X)).');
INSERT INTO "diagnoses" VALUES(2,2,1,'bloque',1,'missing_second_residual','The second residual connection is missing: you normalise FFN(H) without adding H. The position-wise perceptron is wrapped too: LayerNorm(H + FFN(H)).');
INSERT INTO "diagnoses" VALUES(3,3,1,'layer_norm',0,'normalizes_by_column','You normalise by columns (axis=0): that is batch normalisation. In layer norm each row uses its own mean μ_t and deviation s_t; that is why touching row 4 must not move row 0.');
INSERT INTO "diagnoses" VALUES(4,5,1,'atencion_causal',0,'masks_cross_attention','You mask even when mascara is None: your atencion builds a −∞ triangle of its own, and so it also strikes out the cross-attention. There is no mask there: what is forbidden is reading what has not been written yet, and the input was read whole before starting; source position T_x is available from the first token. Add only the mask you are given.');
INSERT INTO "diagnoses" VALUES(5,6,1,'layer_norm',0,'eps_outside_root','You add ε outside the root (dividing by s + ε). The formula is √(s_t² + ε): ε is added to the variance.');
INSERT INTO "diagnoses" VALUES(6,7,1,'bloque',0,'missing_bias_b1','The bias b1 of the perceptron''s first layer is missing: ReLU(H W1 + b1).');
INSERT INTO "diagnoses" VALUES(7,7,1,'bloque',1,'missing_bias_b2','The bias b2 of the perceptron''s second layer is missing: ReLU(H W1 + b1) W2 + b2.');
CREATE TABLE due_extensions (
	id INTEGER NOT NULL, 
	course_id INTEGER NOT NULL, 
	student VARCHAR(200) NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	due_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	CONSTRAINT pk_due_extensions PRIMARY KEY (id), 
	CONSTRAINT fk_due_extensions_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE, 
	CONSTRAINT uq_due_extensions_course_id UNIQUE (course_id, student, challenge)
);
INSERT INTO "due_extensions" VALUES(1,1,'ben','layer_norm','2026-12-31 23:59:00.000000','2026-12-04 21:14:07.932536');
CREATE TABLE "instructor_courses" (
	instructor_id INTEGER NOT NULL, 
	course VARCHAR(200) NOT NULL, 
	platform_id INTEGER NOT NULL, 
	CONSTRAINT pk_instructor_courses PRIMARY KEY (instructor_id, platform_id, course), 
	CONSTRAINT fk_instructor_courses_instructor_id_instructors FOREIGN KEY(instructor_id) REFERENCES instructors (id) ON DELETE CASCADE, 
	CONSTRAINT fk_instructor_courses_platform_id_platforms FOREIGN KEY(platform_id) REFERENCES platforms (id) ON DELETE CASCADE
);
CREATE TABLE instructors (
	id INTEGER NOT NULL, 
	email VARCHAR(320) NOT NULL, 
	password_hash VARCHAR(200) NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_instructors PRIMARY KEY (id), 
	CONSTRAINT uq_instructors_email UNIQUE (email)
);
CREATE TABLE key_scopes (
	key_id INTEGER NOT NULL, 
	course VARCHAR(200) NOT NULL, 
	CONSTRAINT pk_key_scopes PRIMARY KEY (key_id, course), 
	CONSTRAINT fk_key_scopes_key_id_api_keys FOREIGN KEY(key_id) REFERENCES api_keys (id) ON DELETE CASCADE
);
INSERT INTO "key_scopes" VALUES(1,'ia-2026');
CREATE TABLE lms_due_dates (
	id INTEGER NOT NULL, 
	course_id INTEGER NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	due_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	CONSTRAINT pk_lms_due_dates PRIMARY KEY (id), 
	CONSTRAINT fk_lms_due_dates_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE, 
	CONSTRAINT uq_lms_due_dates_course_id UNIQUE (course_id, challenge)
);
CREATE TABLE lti_contexts (
	id INTEGER NOT NULL, 
	registration_id INTEGER NOT NULL, 
	context_id VARCHAR(255) NOT NULL, 
	course VARCHAR(200) NOT NULL, 
	score_mode VARCHAR(10) NOT NULL, memberships_url VARCHAR(2000), 
	CONSTRAINT pk_lti_contexts PRIMARY KEY (id), 
	CONSTRAINT fk_lti_contexts_registration_id_lti_registrations FOREIGN KEY(registration_id) REFERENCES lti_registrations (id) ON DELETE CASCADE, 
	CONSTRAINT uq_lti_contexts_registration_id UNIQUE (registration_id, context_id)
);
CREATE TABLE lti_deployments (
	registration_id INTEGER NOT NULL, 
	deployment_id VARCHAR(255) NOT NULL, 
	CONSTRAINT pk_lti_deployments PRIMARY KEY (registration_id, deployment_id), 
	CONSTRAINT fk_lti_deployments_registration_id_lti_registrations FOREIGN KEY(registration_id) REFERENCES lti_registrations (id) ON DELETE CASCADE
);
CREATE TABLE lti_learners (
	context_id INTEGER NOT NULL, 
	student VARCHAR(200) NOT NULL, 
	sub VARCHAR(255) NOT NULL, 
	CONSTRAINT pk_lti_learners PRIMARY KEY (context_id, student), 
	CONSTRAINT fk_lti_learners_context_id_lti_contexts FOREIGN KEY(context_id) REFERENCES lti_contexts (id) ON DELETE CASCADE
);
CREATE TABLE lti_links (
	id INTEGER NOT NULL, 
	context_id INTEGER NOT NULL, 
	resource_link_id VARCHAR(255) NOT NULL, 
	deployment_id VARCHAR(255) NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	lang VARCHAR(2) NOT NULL, 
	lineitem_url VARCHAR(2000), 
	lineitems_url VARCHAR(2000), 
	scopes TEXT NOT NULL, 
	CONSTRAINT pk_lti_links PRIMARY KEY (id), 
	CONSTRAINT fk_lti_links_context_id_lti_contexts FOREIGN KEY(context_id) REFERENCES lti_contexts (id) ON DELETE CASCADE, 
	CONSTRAINT uq_lti_links_context_id UNIQUE (context_id, resource_link_id)
);
CREATE TABLE lti_registrations (
	id INTEGER NOT NULL, 
	platform_id INTEGER NOT NULL, 
	api_key_id INTEGER NOT NULL, 
	issuer VARCHAR(500) NOT NULL, 
	client_id VARCHAR(500) NOT NULL, 
	login_url VARCHAR(2000) NOT NULL, 
	token_url VARCHAR(2000) NOT NULL, 
	jwks_url VARCHAR(2000) NOT NULL, 
	token_audience VARCHAR(2000), 
	frame_origin VARCHAR(300) NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_lti_registrations PRIMARY KEY (id), 
	CONSTRAINT fk_lti_registrations_api_key_id_api_keys FOREIGN KEY(api_key_id) REFERENCES api_keys (id) ON DELETE CASCADE, 
	CONSTRAINT fk_lti_registrations_platform_id_platforms FOREIGN KEY(platform_id) REFERENCES platforms (id) ON DELETE CASCADE, 
	CONSTRAINT uq_lti_registrations_issuer UNIQUE (issuer, client_id)
);
CREATE TABLE lti_scores (
	submission_id VARCHAR(32) NOT NULL, 
	link_id INTEGER NOT NULL, 
	student VARCHAR(200) NOT NULL, 
	state VARCHAR(10) NOT NULL, 
	score_sent FLOAT, 
	tries INTEGER NOT NULL, 
	error TEXT, 
	created_at DATETIME NOT NULL, 
	sent_at DATETIME, 
	tried_at DATETIME, 
	CONSTRAINT pk_lti_scores PRIMARY KEY (submission_id), 
	CONSTRAINT fk_lti_scores_link_id_lti_links FOREIGN KEY(link_id) REFERENCES lti_links (id) ON DELETE CASCADE, 
	CONSTRAINT fk_lti_scores_submission_id_submissions FOREIGN KEY(submission_id) REFERENCES submissions (id) ON DELETE CASCADE
);
CREATE TABLE lti_tool_keys (
	id INTEGER NOT NULL, 
	kid VARCHAR(100) NOT NULL, 
	private_pem TEXT NOT NULL, 
	public_jwk TEXT NOT NULL, 
	created_at DATETIME NOT NULL, 
	retired_at DATETIME, 
	CONSTRAINT pk_lti_tool_keys PRIMARY KEY (id), 
	CONSTRAINT uq_lti_tool_keys_kid UNIQUE (kid)
);
INSERT INTO "lti_tool_keys" VALUES(1,'cXF05Ac1gZ-XLx2l','-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQCu1Xql1vX6LdFf
oEGtVmLZMGZazuCpUQscZxFLBTxusbjdyyu4TLNjMjLF6X2rrUG7L8OB32Et/PHG
R3HEjfeApJ4AvSz2yK4ImYWWXAgJT9+4LrQxjd86k4Q/4h9S3f1047ydVh+7v9a4
/mpr609k1k7YzasUYLr8X5KZk1j3ZEM7p2cTbvM/1OYccoabwcEf+FKBLXgwnM1x
8xzMx/g9/XG2v08afcAHtoap6xfyhugFamhI8w6/j1pyaCvKFMFtG240QXHr9GLf
VyPVqE5K+9hInaQRL3Ickp5PgNOg8BSDCTynLOWGK0iJ+bpJYy1CQ/saYz1/p39z
V5BBCyDrAgMBAAECggEAGG4WLEmZp4gdeJ+bwyKOFMvm5uDU6HPoTzi2ZDrqveEG
9F8T0ItPNG5ARVgiH7TJuY6sDWAZuTkIzmxkoP2MIdAJkBA0fJYq02LNwDvt7OHa
C2eN9bAIYFav+n6Yt+tIeRFAOuVc8SRBAdVIfk9W5xVB1pkD7d4HuC+L/E+9n8aK
CqEKNEMbiZcsGZx1mZ+KodhzpuYBOfrGxvPtJfECnshVghDzRKkH8LUjyIB6gyOK
632ActeuC+mAp+T5qFifG2kKbaoRCDhaSBfsCjOXT+t42Rhh/puc3PZDvEBd6+4R
PWavDwMOkT7N4AHZklCVqD5Z3QqM0N4hhKOfYLw/2QKBgQDT6O4P9ll+BP4LNQ00
mk7+IR0kRqZI57lWfCMxwOXzdAA/E1+x4pnRO8VFaCap74I+sJbujBxabembAKVu
PSU0pUhJieNi9uLmVEAFlx2DTBE+1O9egTsGzuGQpkaFOD+mx6LmUsI0dctO8irW
LZXPZgwMUHGgJyKSNloVmjt9jQKBgQDTNcBVaMRlFJiUpB7/ve8FyYQnJ9YBE3Up
g7paWOAEqhNK5EWDgsgxukEPrN0kLOlWtwTrecy349EPz/p53Pi7/sUyxbF72f9U
cZvJmnCMOR/I/KvKYoCGPFsqkggkMGOAd5yYA2HSuOmvlV/d3r6nZ5KRe9FEBM5A
HwAIJfzOVwKBgBXll9PmbNDsyyN1U+v/lfIEkfJRqpUV/LzHDwvxFtHVRsE9y0Gi
XKqWNog5fuVIbnjz3mS/7Z4ahW0S4AVIJDQQcCvJJ8nuIPwT8JmjR9VtYsrPTfzB
9ct6TSyZQeg6K7mcH2UVYCPzmBKMS4jeJQDNVqlfFp6p7JSXMS/SRBtxAoGBAMVe
Q18MygoTFwo/29/sY0IrL91PMoJK5n9m42uuBZkWPXUMn5DnU6B0hnvZc8VsWph3
6pcJeK6WqzR1i4D5Z052I1zwtIwiCKGmkIfyVB4U+4jb5MT5C1VlbWP4lrcKqNDR
9XlwH6fEuEsl8THqBot1E9fztngzbXEqBuOWbAl9AoGBALZ3bgD70RG04aUv8GIl
UUG9iGE2KLs1uDNGVTtxajt63yEdWb3kpJ9CcKSJLuEPlFGScIM9jrVAyUE0U6lY
P2VGzhHUczJJAWlv7fqs367IItTXJUs/lvYZxD+XbExfJkscYIwq/9NXHM6c2VnG
L5JiYzinL/JHgm15l7KVck79
-----END PRIVATE KEY-----
','{"alg": "RS256", "e": "AQAB", "kid": "cXF05Ac1gZ-XLx2l", "kty": "RSA", "n": "rtV6pdb1-i3RX6BBrVZi2TBmWs7gqVELHGcRSwU8brG43csruEyzYzIyxel9q61Buy_Dgd9hLfzxxkdxxI33gKSeAL0s9siuCJmFllwICU_fuC60MY3fOpOEP-IfUt39dOO8nVYfu7_WuP5qa-tPZNZO2M2rFGC6_F-SmZNY92RDO6dnE27zP9TmHHKGm8HBH_hSgS14MJzNcfMczMf4Pf1xtr9PGn3AB7aGqesX8oboBWpoSPMOv49acmgryhTBbRtuNEFx6_Ri31cj1ahOSvvYSJ2kES9yHJKeT4DToPAUgwk8pyzlhitIifm6SWMtQkP7GmM9f6d_c1eQQQsg6w", "use": "sig"}','2026-12-04 21:14:10.402569',NULL);
CREATE TABLE lti_values (
	"key" VARCHAR(200) NOT NULL, 
	value TEXT NOT NULL, 
	expires_at DATETIME NOT NULL, 
	CONSTRAINT pk_lti_values PRIMARY KEY ("key")
);
CREATE TABLE platforms (
	id INTEGER NOT NULL, 
	name VARCHAR(200) NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_platforms PRIMARY KEY (id), 
	CONSTRAINT uq_platforms_name UNIQUE (name)
);
INSERT INTO "platforms" VALUES(1,'moodle','2026-12-04 21:13:35.188968');
CREATE TABLE refused_attempts (
	id VARCHAR(32) NOT NULL, 
	course_id INTEGER NOT NULL, 
	student_id INTEGER NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	lang VARCHAR(2) NOT NULL, 
	code TEXT NOT NULL, 
	reason VARCHAR(20) NOT NULL, 
	retry_at DATETIME, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_refused_attempts PRIMARY KEY (id), 
	CONSTRAINT fk_refused_attempts_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE, 
	CONSTRAINT fk_refused_attempts_student_id_students FOREIGN KEY(student_id) REFERENCES students (id) ON DELETE CASCADE
);
CREATE TABLE regrade_items (
	regrade_id INTEGER NOT NULL, 
	submission_id VARCHAR(32) NOT NULL, 
	challenge_version INTEGER NOT NULL, 
	CONSTRAINT pk_regrade_items PRIMARY KEY (regrade_id, submission_id), 
	CONSTRAINT fk_regrade_items_regrade_id_regrades FOREIGN KEY(regrade_id) REFERENCES regrades (id) ON DELETE CASCADE, 
	CONSTRAINT fk_regrade_items_submission_id_submissions FOREIGN KEY(submission_id) REFERENCES submissions (id) ON DELETE CASCADE
);
CREATE TABLE "regrades" (
	id INTEGER NOT NULL, 
	course VARCHAR(200) NOT NULL, 
	challenge VARCHAR(100), 
	instructor_id INTEGER, 
	total INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	platform_id INTEGER NOT NULL, 
	CONSTRAINT pk_regrades PRIMARY KEY (id), 
	CONSTRAINT fk_regrades_instructor_id_instructors FOREIGN KEY(instructor_id) REFERENCES instructors (id) ON DELETE SET NULL, 
	CONSTRAINT fk_regrades_platform_id_platforms FOREIGN KEY(platform_id) REFERENCES platforms (id) ON DELETE CASCADE
);
CREATE TABLE results (
	id INTEGER NOT NULL, 
	submission_id VARCHAR(32) NOT NULL, 
	course_id INTEGER NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	challenge_version INTEGER NOT NULL, 
	status VARCHAR(10) NOT NULL, 
	score FLOAT NOT NULL, 
	points INTEGER NOT NULL, 
	max_points INTEGER NOT NULL, 
	error_kind VARCHAR(40), 
	error_message TEXT, 
	error_line INTEGER, 
	stdout TEXT NOT NULL, 
	grading_ms FLOAT NOT NULL, 
	created_at DATETIME NOT NULL, document TEXT, translation TEXT, 
	CONSTRAINT pk_results PRIMARY KEY (id), 
	CONSTRAINT fk_results_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE, 
	CONSTRAINT fk_results_submission_id_submissions FOREIGN KEY(submission_id) REFERENCES submissions (id) ON DELETE CASCADE, 
	CONSTRAINT uq_results_submission_id UNIQUE (submission_id, challenge_version)
);
INSERT INTO "results" VALUES(1,'c29fb6bcb3cd4ce1bf62dad4b854be64',1,'layer_norm',1,'done',100.0,18,18,NULL,NULL,NULL,'',76.17,'2026-12-04 21:14:08.912914','{"challenge":"layer_norm","status":"done","score":100.0,"points":18,"max_points":18,"diagnoses":[],"causes":[],"note":null,"localisation":null,"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"The output has the input''s shape (T, d_model)","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1","explained_by":[]},{"id":"row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"Touching row 4 does not move row 0: each row is normalised on its own","explained_by":[]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"gamma and beta apply coordinate by coordinate","explained_by":[]},{"id":"population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"The standard deviation is the population one (divide by d_model)","explained_by":[]},{"id":"constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"A constant row comes out finite (equal to beta)","explained_by":[]},{"id":"eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"ε is added to the variance, inside the root","explained_by":[]},{"id":"eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"A non-default eps is honoured","explained_by":[]},{"id":"float32_input","category":"stability","passed":true,"points":1,"max_points":1,"message":"Works on float32 input","explained_by":[]},{"id":"large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"Large values (1e8 + noise) normalise correctly","explained_by":[]},{"id":"single_coordinate","category":"shape","passed":true,"points":1,"max_points":1,"message":"With d_model = 1 every row comes out equal to beta","explained_by":[]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"Does not modify the arrays it receives","explained_by":[]},{"id":"random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"Matches the reference on random inputs (rtol 1e-6, atol 1e-8)","explained_by":[]}],"error":null,"stdout":"","grading_ms":76.17}','{"challenge":"layer_norm","status":"done","score":100.0,"points":18,"max_points":18,"diagnoses":[],"causes":[],"note":null,"localisation":null,"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"La salida tiene la forma (T, d_model) de la entrada","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1","explained_by":[]},{"id":"row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola","explained_by":[]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"gamma y beta se aplican coordenada a coordenada","explained_by":[]},{"id":"population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"La desviación típica es la poblacional (divide entre d_model)","explained_by":[]},{"id":"constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"Una fila constante sale finita (igual a beta)","explained_by":[]},{"id":"eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"ε se suma a la varianza, dentro de la raíz","explained_by":[]},{"id":"eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"Se respeta un eps distinto del valor por defecto","explained_by":[]},{"id":"float32_input","category":"stability","passed":true,"points":1,"max_points":1,"message":"Funciona con entrada float32","explained_by":[]},{"id":"large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"Valores grandes (1e8 + ruido) se normalizan bien","explained_by":[]},{"id":"single_coordinate","category":"shape","passed":true,"points":1,"max_points":1,"message":"Con d_model = 1 cada fila sale igual a beta","explained_by":[]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"No modifica los arrays que recibe","explained_by":[]},{"id":"random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8)","explained_by":[]}],"error":null,"stdout":"","grading_ms":76.17}');
INSERT INTO "results" VALUES(2,'dc39cb6261f4428486ee5f68b1ad1c35',1,'bloque',1,'done',63.89,23,36,NULL,NULL,NULL,'',218.97,'2026-12-04 21:14:09.251051','{"challenge":"bloque","status":"done","score":63.89,"points":23,"max_points":36,"diagnoses":[{"id":"missing_first_residual","message":"The first residual connection is missing: you normalise atencion(X) without adding X. A sublayer does not replace what it receives: LayerNorm(X + atencion(X)).","explains":["first_residual","second_residual","norm_parameter_pairs","ffn_relu","ffn_biases","block_random_reference"]},{"id":"missing_second_residual","message":"The second residual connection is missing: you normalise FFN(H) without adding H. The position-wise perceptron is wrapped too: LayerNorm(H + FFN(H)).","explains":["first_residual","second_residual","norm_parameter_pairs","ffn_biases","block_random_reference"]}],"causes":[],"note":null,"localisation":{"function":"bloque","line":11,"code":"H = layer_norm(atencion(X), p[\"gamma1\"], p[\"beta1\"])","message":"From its first step, your bloque computes something else than the lesson. Line 11, `H = layer_norm(atencion(X), p[\"gamma1\"], p[\"beta1\"])`, is where they part: what your layer_norm gets as X is off from the lesson''s value by up to 5.3."},"tests":[{"id":"ln_shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"layer_norm: The output has the input''s shape (T, d_model)","explained_by":[]},{"id":"ln_rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"layer_norm: With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1","explained_by":[]},{"id":"ln_row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"layer_norm: Touching row 4 does not move row 0: each row is normalised on its own","explained_by":[]},{"id":"ln_gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"layer_norm: gamma and beta apply coordinate by coordinate","explained_by":[]},{"id":"ln_population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"layer_norm: The standard deviation is the population one (divide by d_model)","explained_by":[]},{"id":"ln_constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: A constant row comes out finite (equal to beta)","explained_by":[]},{"id":"ln_eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: ε is added to the variance, inside the root","explained_by":[]},{"id":"ln_eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"layer_norm: A non-default eps is honoured","explained_by":[]},{"id":"ln_large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: Large values (1e8 + noise) normalise correctly","explained_by":[]},{"id":"ln_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"layer_norm: Does not modify the arrays it receives","explained_by":[]},{"id":"ln_random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"layer_norm: Matches the reference on random inputs (rtol 1e-6, atol 1e-8)","explained_by":[]},{"id":"block_shape","category":"shape","passed":true,"points":2,"max_points":2,"message":"bloque returns (T, d_model), also with T = 1 and d_ff ≠ d_model","explained_by":[]},{"id":"attention_once_on_input","category":"attention","passed":true,"points":2,"max_points":2,"message":"atencion is applied once, to the X entering the block","explained_by":[]},{"id":"first_residual","category":"residual","passed":false,"points":0,"max_points":2,"message":"First sublayer: LayerNorm(X + atencion(X)): not met, because your bloque does not add X to the attention''s output (the first residual connection is missing) and does not add H to the perceptron''s output (the second residual connection is missing) (is off by up to 1.85 from the right value)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"second_residual","category":"residual","passed":false,"points":0,"max_points":2,"message":"Second sublayer: LayerNorm(H + FFN(H)): not met, because your bloque does not add X to the attention''s output (the first residual connection is missing) and does not add H to the perceptron''s output (the second residual connection is missing) (is off by up to 3.65 from the right value)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"post_norm","category":"normalization","passed":true,"points":2,"max_points":2,"message":"The block ends in a layer norm (post-norm)","explained_by":[]},{"id":"norm_parameter_pairs","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma1/beta1 in the first normalisation, gamma2/beta2 in the second: not met, because your bloque does not add X to the attention''s output (the first residual connection is missing) and does not add H to the perceptron''s output (the second residual connection is missing) (is off by up to 1.05 from the right value)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"ffn_relu","category":"ffn","passed":false,"points":0,"max_points":2,"message":"The position-wise perceptron has ReLU between its two layers: not met, because your bloque does not add X to the attention''s output (the first residual connection is missing) (is off by up to 2.93 from the right value)","explained_by":["missing_first_residual"]},{"id":"ffn_biases","category":"ffn","passed":false,"points":0,"max_points":2,"message":"Both biases b1 and b2 are added: not met, because your bloque does not add X to the attention''s output (the first residual connection is missing) and does not add H to the perceptron''s output (the second residual connection is missing) (is off by up to 2.43 from the right value)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"block_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"bloque modifies neither X nor the arrays in p","explained_by":[]},{"id":"block_random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Matches the reference on random blocks (rtol 1e-6, atol 1e-8): not met, because your bloque does not add X to the attention''s output (the first residual connection is missing) and does not add H to the perceptron''s output (the second residual connection is missing) (is off by up to 0.815 from the right value)","explained_by":["missing_first_residual","missing_second_residual"]}],"error":null,"stdout":"","grading_ms":218.97}','{"challenge":"bloque","status":"done","score":63.89,"points":23,"max_points":36,"diagnoses":[{"id":"missing_first_residual","message":"Falta la primera conexión residual: normalizas atencion(X) sin sumarle X. La subcapa no reemplaza lo que recibe: LayerNorm(X + atencion(X)).","explains":["first_residual","second_residual","norm_parameter_pairs","ffn_relu","ffn_biases","block_random_reference"]},{"id":"missing_second_residual","message":"Falta la segunda conexión residual: normalizas FFN(H) sin sumarle H. También el perceptrón por posiciones va envuelto: LayerNorm(H + FFN(H)).","explains":["first_residual","second_residual","norm_parameter_pairs","ffn_biases","block_random_reference"]}],"causes":[],"note":null,"localisation":{"function":"bloque","line":11,"code":"H = layer_norm(atencion(X), p[\"gamma1\"], p[\"beta1\"])","message":"Desde su primer paso, tu bloque calcula otra cosa que la lección. La línea 11, `H = layer_norm(atencion(X), p[\"gamma1\"], p[\"beta1\"])`, es donde se separan: lo que tu layer_norm recibe como X se aleja hasta 5.3 del valor de la lección."},"tests":[{"id":"ln_shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"layer_norm: La salida tiene la forma (T, d_model) de la entrada","explained_by":[]},{"id":"ln_rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"layer_norm: Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1","explained_by":[]},{"id":"ln_row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"layer_norm: Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola","explained_by":[]},{"id":"ln_gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"layer_norm: gamma y beta se aplican coordenada a coordenada","explained_by":[]},{"id":"ln_population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"layer_norm: La desviación típica es la poblacional (divide entre d_model)","explained_by":[]},{"id":"ln_constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: Una fila constante sale finita (igual a beta)","explained_by":[]},{"id":"ln_eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: ε se suma a la varianza, dentro de la raíz","explained_by":[]},{"id":"ln_eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"layer_norm: Se respeta un eps distinto del valor por defecto","explained_by":[]},{"id":"ln_large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: Valores grandes (1e8 + ruido) se normalizan bien","explained_by":[]},{"id":"ln_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"layer_norm: No modifica los arrays que recibe","explained_by":[]},{"id":"ln_random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"layer_norm: Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8)","explained_by":[]},{"id":"block_shape","category":"shape","passed":true,"points":2,"max_points":2,"message":"bloque devuelve (T, d_model), también con T = 1 y d_ff ≠ d_model","explained_by":[]},{"id":"attention_once_on_input","category":"attention","passed":true,"points":2,"max_points":2,"message":"atencion se aplica una vez, a la X que entra en el bloque","explained_by":[]},{"id":"first_residual","category":"residual","passed":false,"points":0,"max_points":2,"message":"Primera subcapa: LayerNorm(X + atencion(X)): no se cumple porque tu bloque no suma X a la salida de la atención (falta la primera conexión residual) y no suma H a la salida del perceptrón (falta la segunda conexión residual) (se aleja hasta 1.85 del valor correcto)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"second_residual","category":"residual","passed":false,"points":0,"max_points":2,"message":"Segunda subcapa: LayerNorm(H + FFN(H)): no se cumple porque tu bloque no suma X a la salida de la atención (falta la primera conexión residual) y no suma H a la salida del perceptrón (falta la segunda conexión residual) (se aleja hasta 3.65 del valor correcto)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"post_norm","category":"normalization","passed":true,"points":2,"max_points":2,"message":"El bloque termina en un layer norm (post-norm)","explained_by":[]},{"id":"norm_parameter_pairs","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma1/beta1 en la primera normalización, gamma2/beta2 en la segunda: no se cumple porque tu bloque no suma X a la salida de la atención (falta la primera conexión residual) y no suma H a la salida del perceptrón (falta la segunda conexión residual) (se aleja hasta 1.05 del valor correcto)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"ffn_relu","category":"ffn","passed":false,"points":0,"max_points":2,"message":"El perceptrón por posiciones lleva ReLU entre sus dos capas: no se cumple porque tu bloque no suma X a la salida de la atención (falta la primera conexión residual) (se aleja hasta 2.93 del valor correcto)","explained_by":["missing_first_residual"]},{"id":"ffn_biases","category":"ffn","passed":false,"points":0,"max_points":2,"message":"Los dos sesgos b1 y b2 se suman: no se cumple porque tu bloque no suma X a la salida de la atención (falta la primera conexión residual) y no suma H a la salida del perceptrón (falta la segunda conexión residual) (se aleja hasta 2.43 del valor correcto)","explained_by":["missing_first_residual","missing_second_residual"]},{"id":"block_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"bloque no modifica X ni los arrays de p","explained_by":[]},{"id":"block_random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Coincide con la referencia en bloques aleatorios (rtol 1e-6, atol 1e-8): no se cumple porque tu bloque no suma X a la salida de la atención (falta la primera conexión residual) y no suma H a la salida del perceptrón (falta la segunda conexión residual) (se aleja hasta 0.815 del valor correcto)","explained_by":["missing_first_residual","missing_second_residual"]}],"error":null,"stdout":"","grading_ms":218.97}');
INSERT INTO "results" VALUES(3,'bc84c226b2914a81b2490eaf149e5427',1,'layer_norm',1,'done',11.11,2,18,NULL,NULL,NULL,'',41.36,'2026-12-04 21:14:09.440216','{"challenge":"layer_norm","status":"done","score":11.11,"points":2,"max_points":18,"diagnoses":[{"id":"normalizes_by_column","message":"You normalise by columns (axis=0): that is batch normalisation. In layer norm each row uses its own mean μ_t and deviation s_t; that is why touching row 4 must not move row 0.","explains":["rows_mean0_std1","row_independence","gamma_beta_per_coordinate","population_deviation","constant_row","eps_inside_root","eps_argument","float32_input","large_values","single_coordinate","random_reference"]}],"causes":[],"note":null,"localisation":{"function":"layer_norm","line":6,"code":"media = np.mean(X, axis=0)","message":"From its first step, your layer_norm computes something else than the lesson. Line 6, `media = np.mean(X, axis=0)`, is where they part: your media has shape (32,), the lesson''s value has (10, 1) (there the lesson computes μ_t, each row''s mean)."},"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"The output has the input''s shape (T, d_model)","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":false,"points":0,"max_points":2,"message":"With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (row means [-0.158, -0.038, 0.075, -0.214, 0.335], deviations [0.895, 0.674, 1.245, 1.196, 0.759])","explained_by":["normalizes_by_column"]},{"id":"row_independence","category":"independence","passed":false,"points":0,"max_points":2,"message":"Touching row 4 does not move row 0: each row is normalised on its own: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (row 0 moved by 1.37)","explained_by":["normalizes_by_column"]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma and beta apply coordinate by coordinate: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 2.64 from the right value)","explained_by":["normalizes_by_column"]},{"id":"population_deviation","category":"normalization","passed":false,"points":0,"max_points":1,"message":"The standard deviation is the population one (divide by d_model): not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 2.66 from the right value)","explained_by":["normalizes_by_column"]},{"id":"constant_row","category":"stability","passed":false,"points":0,"max_points":1,"message":"A constant row comes out finite (equal to beta): not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 4.55 from the right value)","explained_by":["normalizes_by_column"]},{"id":"eps_inside_root","category":"stability","passed":false,"points":0,"max_points":1,"message":"ε is added to the variance, inside the root: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 0.84 from the right value)","explained_by":["normalizes_by_column"]},{"id":"eps_argument","category":"parameters","passed":false,"points":0,"max_points":1,"message":"A non-default eps is honoured: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 0.71 from the right value)","explained_by":["normalizes_by_column"]},{"id":"float32_input","category":"stability","passed":false,"points":0,"max_points":1,"message":"Works on float32 input: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 1.55 from the right value)","explained_by":["normalizes_by_column"]},{"id":"large_values","category":"stability","passed":false,"points":0,"max_points":1,"message":"Large values (1e8 + noise) normalise correctly: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 1.61 from the right value)","explained_by":["normalizes_by_column"]},{"id":"single_coordinate","category":"shape","passed":false,"points":0,"max_points":1,"message":"With d_model = 1 every row comes out equal to beta: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 2.92 from the right value)","explained_by":["normalizes_by_column"]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"Does not modify the arrays it receives","explained_by":[]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Matches the reference on random inputs (rtol 1e-6, atol 1e-8): not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 1.44 from the right value)","explained_by":["normalizes_by_column"]}],"error":null,"stdout":"","grading_ms":41.36}','{"challenge":"layer_norm","status":"done","score":11.11,"points":2,"max_points":18,"diagnoses":[{"id":"normalizes_by_column","message":"Normalizas por columnas (axis=0): eso es la normalización por batch. En el layer norm cada fila usa su propia media μ_t y su desviación s_t; por eso al tocar la fila 4 la fila 0 no debe moverse.","explains":["rows_mean0_std1","row_independence","gamma_beta_per_coordinate","population_deviation","constant_row","eps_inside_root","eps_argument","float32_input","large_values","single_coordinate","random_reference"]}],"causes":[],"note":null,"localisation":{"function":"layer_norm","line":6,"code":"media = np.mean(X, axis=0)","message":"Desde su primer paso, tu layer_norm calcula otra cosa que la lección. La línea 6, `media = np.mean(X, axis=0)`, es donde se separan: tu media tiene forma (32,) y el valor de la lección, (10, 1) (ahí la lección calcula μ_t, la media de cada fila)."},"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"La salida tiene la forma (T, d_model) de la entrada","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":false,"points":0,"max_points":2,"message":"Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (medias por fila [-0.158, -0.038, 0.075, -0.214, 0.335], desviaciones [0.895, 0.674, 1.245, 1.196, 0.759])","explained_by":["normalizes_by_column"]},{"id":"row_independence","category":"independence","passed":false,"points":0,"max_points":2,"message":"Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (la fila 0 se movió 1.37)","explained_by":["normalizes_by_column"]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma y beta se aplican coordenada a coordenada: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 2.64 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"population_deviation","category":"normalization","passed":false,"points":0,"max_points":1,"message":"La desviación típica es la poblacional (divide entre d_model): no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 2.66 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"constant_row","category":"stability","passed":false,"points":0,"max_points":1,"message":"Una fila constante sale finita (igual a beta): no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 4.55 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"eps_inside_root","category":"stability","passed":false,"points":0,"max_points":1,"message":"ε se suma a la varianza, dentro de la raíz: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 0.84 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"eps_argument","category":"parameters","passed":false,"points":0,"max_points":1,"message":"Se respeta un eps distinto del valor por defecto: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 0.71 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"float32_input","category":"stability","passed":false,"points":0,"max_points":1,"message":"Funciona con entrada float32: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 1.55 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"large_values","category":"stability","passed":false,"points":0,"max_points":1,"message":"Valores grandes (1e8 + ruido) se normalizan bien: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 1.61 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"single_coordinate","category":"shape","passed":false,"points":0,"max_points":1,"message":"Con d_model = 1 cada fila sale igual a beta: no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 2.92 del valor correcto)","explained_by":["normalizes_by_column"]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"No modifica los arrays que recibe","explained_by":[]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8): no se cumple porque tu layer_norm normaliza por columnas (axis=0), como la normalización por batch (se aleja hasta 1.44 del valor correcto)","explained_by":["normalizes_by_column"]}],"error":null,"stdout":"","grading_ms":41.36}');
INSERT INTO "results" VALUES(4,'2cec2a643c74433a8346737bf2d6ab1c',1,'layer_norm',1,'done',100.0,18,18,NULL,NULL,NULL,'cargando mi layer norm
',22.98,'2026-12-04 21:14:09.516033','{"challenge":"layer_norm","status":"done","score":100.0,"points":18,"max_points":18,"diagnoses":[],"causes":[],"note":null,"localisation":null,"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"The output has the input''s shape (T, d_model)","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1","explained_by":[]},{"id":"row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"Touching row 4 does not move row 0: each row is normalised on its own","explained_by":[]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"gamma and beta apply coordinate by coordinate","explained_by":[]},{"id":"population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"The standard deviation is the population one (divide by d_model)","explained_by":[]},{"id":"constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"A constant row comes out finite (equal to beta)","explained_by":[]},{"id":"eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"ε is added to the variance, inside the root","explained_by":[]},{"id":"eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"A non-default eps is honoured","explained_by":[]},{"id":"float32_input","category":"stability","passed":true,"points":1,"max_points":1,"message":"Works on float32 input","explained_by":[]},{"id":"large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"Large values (1e8 + noise) normalise correctly","explained_by":[]},{"id":"single_coordinate","category":"shape","passed":true,"points":1,"max_points":1,"message":"With d_model = 1 every row comes out equal to beta","explained_by":[]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"Does not modify the arrays it receives","explained_by":[]},{"id":"random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"Matches the reference on random inputs (rtol 1e-6, atol 1e-8)","explained_by":[]}],"error":null,"stdout":"cargando mi layer norm\n","grading_ms":22.98}','{"challenge":"layer_norm","status":"done","score":100.0,"points":18,"max_points":18,"diagnoses":[],"causes":[],"note":null,"localisation":null,"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"La salida tiene la forma (T, d_model) de la entrada","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1","explained_by":[]},{"id":"row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola","explained_by":[]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"gamma y beta se aplican coordenada a coordenada","explained_by":[]},{"id":"population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"La desviación típica es la poblacional (divide entre d_model)","explained_by":[]},{"id":"constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"Una fila constante sale finita (igual a beta)","explained_by":[]},{"id":"eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"ε se suma a la varianza, dentro de la raíz","explained_by":[]},{"id":"eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"Se respeta un eps distinto del valor por defecto","explained_by":[]},{"id":"float32_input","category":"stability","passed":true,"points":1,"max_points":1,"message":"Funciona con entrada float32","explained_by":[]},{"id":"large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"Valores grandes (1e8 + ruido) se normalizan bien","explained_by":[]},{"id":"single_coordinate","category":"shape","passed":true,"points":1,"max_points":1,"message":"Con d_model = 1 cada fila sale igual a beta","explained_by":[]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"No modifica los arrays que recibe","explained_by":[]},{"id":"random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8)","explained_by":[]}],"error":null,"stdout":"cargando mi layer norm\n","grading_ms":22.98}');
INSERT INTO "results" VALUES(5,'21ab0b4a45ed4dccaee09cba871bff90',1,'atencion_causal',1,'done',64.0,16,25,NULL,NULL,NULL,'',109.41,'2026-12-04 21:14:09.647116','{"challenge":"atencion_causal","status":"done","score":64.0,"points":16,"max_points":25,"diagnoses":[{"id":"masks_cross_attention","message":"You mask even when mascara is None: your atencion builds a −∞ triangle of its own, and so it also strikes out the cross-attention. There is no mask there: what is forbidden is reading what has not been written yet, and the input was read whole before starting; source position T_x is available from the first token. Add only the mask you are given.","explains":["cross_attention_unmasked","large_scores","scaling","random_reference"]}],"causes":[],"note":null,"localisation":{"function":"atencion","line":11,"code":"M = mascara if mascara is not None else np.triu(np.full((len(Q), len(K)), -np.inf), 1)","message":"From its first step, your atencion computes something else than the lesson. Line 11, `M = mascara if mascara is not None else np.triu(np.full((len(Q), len(K)), -np.inf), 1)`, is where they part: your M is off from the lesson''s value by up to inf (there the lesson computes Q Kᵀ, the scores)."},"tests":[{"id":"mask_shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"mascara_causal(T) has shape (T, T)","explained_by":[]},{"id":"mask_values","category":"mask","passed":true,"points":2,"max_points":2,"message":"mascara_causal is 0 on and below the diagonal, −∞ above it","explained_by":[]},{"id":"mask_live_cells","category":"mask","passed":true,"points":1,"max_points":1,"message":"mascara_causal(5) keeps 15 of the 25 cells alive","explained_by":[]},{"id":"shape_self","category":"shape","passed":true,"points":1,"max_points":1,"message":"Self-attention: pesos (T, T) and salida (T, d_v)","explained_by":[]},{"id":"shape_cross","category":"shape","passed":true,"points":1,"max_points":1,"message":"Cross-attention: a rectangular pesos (T_y, T_x) and salida (T_y, d_v)","explained_by":[]},{"id":"first_row_one_hot","category":"mask","passed":true,"points":1,"max_points":1,"message":"With the mask, row 0 of pesos is [1, 0, …, 0]","explained_by":[]},{"id":"masked_cells_dead","category":"mask","passed":true,"points":2,"max_points":2,"message":"With the mask and T = 5, 15 of 25 cells of pesos stay alive and the future weighs 0","explained_by":[]},{"id":"rows_sum_to_one","category":"normalization","passed":true,"points":2,"max_points":2,"message":"Every row of pesos sums to 1","explained_by":[]},{"id":"causality","category":"causality","passed":true,"points":3,"max_points":3,"message":"Rewriting positions 4 and 5 moves the first three outputs by exactly 0.0","explained_by":[]},{"id":"cross_attention_unmasked","category":"mask","passed":false,"points":0,"max_points":2,"message":"Without a mask (mascara=None) the whole source is read: no weight is 0: not met, because your atencion masks even when mascara is None, the cross-attention too (20 of the 35 cells weigh 0; row 0 looks at 1 of 7 positions)","explained_by":["masks_cross_attention"]},{"id":"uses_given_mask","category":"mask","passed":true,"points":1,"max_points":1,"message":"The mask received is added, whatever it is","explained_by":[]},{"id":"large_scores","category":"stability","passed":false,"points":0,"max_points":2,"message":"Large scores give neither NaN nor inf: not met, because your atencion masks even when mascara is None, the cross-attention too (salida: is off by up to 1.85 from the right value)","explained_by":["masks_cross_attention"]},{"id":"scaling","category":"scaling","passed":false,"points":0,"max_points":2,"message":"The scores are divided by √d_k: not met, because your atencion masks even when mascara is None, the cross-attention too (salida: is off by up to 0.857 from the right value)","explained_by":["masks_cross_attention"]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"Does not modify the arrays it receives","explained_by":[]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"(salida, pesos) match the reference on random inputs (rtol 1e-6, atol 1e-9): not met, because your atencion masks even when mascara is None, the cross-attention too (salida: is off by up to 1.23 from the right value)","explained_by":["masks_cross_attention"]}],"error":null,"stdout":"","grading_ms":109.41}','{"challenge":"atencion_causal","status":"done","score":64.0,"points":16,"max_points":25,"diagnoses":[{"id":"masks_cross_attention","message":"Enmascaras aunque mascara sea None: tu atencion fabrica un triángulo −∞ por su cuenta, y así también tacha la atención cruzada. Ahí no hay máscara: lo que se prohíbe es leer lo que todavía no se ha escrito, y la entrada se leyó entera antes de empezar; la posición T_x de la fuente está disponible desde el primer token. Suma sólo la máscara que te pasan.","explains":["cross_attention_unmasked","large_scores","scaling","random_reference"]}],"causes":[],"note":null,"localisation":{"function":"atencion","line":11,"code":"M = mascara if mascara is not None else np.triu(np.full((len(Q), len(K)), -np.inf), 1)","message":"Desde su primer paso, tu atencion calcula otra cosa que la lección. La línea 11, `M = mascara if mascara is not None else np.triu(np.full((len(Q), len(K)), -np.inf), 1)`, es donde se separan: tu M se aleja hasta inf del valor de la lección (ahí la lección calcula Q Kᵀ, las puntuaciones)."},"tests":[{"id":"mask_shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"mascara_causal(T) tiene forma (T, T)","explained_by":[]},{"id":"mask_values","category":"mask","passed":true,"points":2,"max_points":2,"message":"mascara_causal vale 0 en la diagonal y debajo, −∞ encima","explained_by":[]},{"id":"mask_live_cells","category":"mask","passed":true,"points":1,"max_points":1,"message":"mascara_causal(5) deja vivas 15 de las 25 casillas","explained_by":[]},{"id":"shape_self","category":"shape","passed":true,"points":1,"max_points":1,"message":"Auto-atención: pesos (T, T) y salida (T, d_v)","explained_by":[]},{"id":"shape_cross","category":"shape","passed":true,"points":1,"max_points":1,"message":"Atención cruzada: pesos (T_y, T_x) rectangular y salida (T_y, d_v)","explained_by":[]},{"id":"first_row_one_hot","category":"mask","passed":true,"points":1,"max_points":1,"message":"Con la máscara, la fila 0 de pesos es [1, 0, …, 0]","explained_by":[]},{"id":"masked_cells_dead","category":"mask","passed":true,"points":2,"max_points":2,"message":"Con la máscara y T = 5 quedan vivas 15 de 25 casillas de pesos y el futuro pesa 0","explained_by":[]},{"id":"rows_sum_to_one","category":"normalization","passed":true,"points":2,"max_points":2,"message":"Cada fila de pesos suma 1","explained_by":[]},{"id":"causality","category":"causality","passed":true,"points":3,"max_points":3,"message":"Reescribir las posiciones 4 y 5 mueve las tres primeras salidas exactamente 0.0","explained_by":[]},{"id":"cross_attention_unmasked","category":"mask","passed":false,"points":0,"max_points":2,"message":"Sin máscara (mascara=None) se mira la fuente entera: ningún peso es 0: no se cumple porque tu atencion enmascara aunque mascara sea None, también la atención cruzada (20 de las 35 casillas tienen peso 0; la fila 0 mira 1 de 7 posiciones)","explained_by":["masks_cross_attention"]},{"id":"uses_given_mask","category":"mask","passed":true,"points":1,"max_points":1,"message":"Se suma la máscara que se recibe, sea cual sea","explained_by":[]},{"id":"large_scores","category":"stability","passed":false,"points":0,"max_points":2,"message":"Con puntuaciones grandes no sale ni NaN ni inf: no se cumple porque tu atencion enmascara aunque mascara sea None, también la atención cruzada (salida: se aleja hasta 1.85 del valor correcto)","explained_by":["masks_cross_attention"]},{"id":"scaling","category":"scaling","passed":false,"points":0,"max_points":2,"message":"Las puntuaciones se dividen entre √d_k: no se cumple porque tu atencion enmascara aunque mascara sea None, también la atención cruzada (salida: se aleja hasta 0.857 del valor correcto)","explained_by":["masks_cross_attention"]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"No modifica los arrays que recibe","explained_by":[]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"(salida, pesos) coinciden con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-9): no se cumple porque tu atencion enmascara aunque mascara sea None, también la atención cruzada (salida: se aleja hasta 1.23 del valor correcto)","explained_by":["masks_cross_attention"]}],"error":null,"stdout":"","grading_ms":109.41}');
INSERT INTO "results" VALUES(6,'1d21e903950c4b2980a8ecef35214b69',1,'layer_norm',1,'done',50.0,9,18,NULL,NULL,NULL,'',28.3,'2026-12-04 21:14:09.721213','{"challenge":"layer_norm","status":"done","score":50.0,"points":9,"max_points":18,"diagnoses":[{"id":"eps_outside_root","message":"You add ε outside the root (dividing by s + ε). The formula is √(s_t² + ε): ε is added to the variance.","explains":["gamma_beta_per_coordinate","population_deviation","constant_row","eps_inside_root","eps_argument","random_reference"]}],"causes":[],"note":null,"localisation":{"function":"layer_norm","line":8,"code":"return gamma * ((X - mu) / (sigma + eps)) + beta","message":"Up to line 7 your values are the lesson''s (μ_t, each row''s mean; s_t, each row''s deviation). Line 8, `return gamma * ((X - mu) / (sigma + eps)) + beta`, is where they part: what it returns is off from the lesson''s value by up to 0.778 (there the lesson computes γ ⊙ x̂ + β, the output)."},"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"The output has the input''s shape (T, d_model)","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1","explained_by":[]},{"id":"row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"Touching row 4 does not move row 0: each row is normalised on its own","explained_by":[]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma and beta apply coordinate by coordinate: not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 1.13e-05 from the right value)","explained_by":["eps_outside_root"]},{"id":"population_deviation","category":"normalization","passed":false,"points":0,"max_points":1,"message":"The standard deviation is the population one (divide by d_model): not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 3.57e-05 from the right value)","explained_by":["eps_outside_root"]},{"id":"constant_row","category":"stability","passed":false,"points":0,"max_points":1,"message":"A constant row comes out finite (equal to beta): not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 1.51e-05 from the right value)","explained_by":["eps_outside_root"]},{"id":"eps_inside_root","category":"stability","passed":false,"points":0,"max_points":1,"message":"ε is added to the variance, inside the root: not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 0.778 from the right value)","explained_by":["eps_outside_root"]},{"id":"eps_argument","category":"parameters","passed":false,"points":0,"max_points":1,"message":"A non-default eps is honoured: not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 0.152 from the right value)","explained_by":["eps_outside_root"]},{"id":"float32_input","category":"stability","passed":true,"points":1,"max_points":1,"message":"Works on float32 input","explained_by":[]},{"id":"large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"Large values (1e8 + noise) normalise correctly","explained_by":[]},{"id":"single_coordinate","category":"shape","passed":true,"points":1,"max_points":1,"message":"With d_model = 1 every row comes out equal to beta","explained_by":[]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"Does not modify the arrays it receives","explained_by":[]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Matches the reference on random inputs (rtol 1e-6, atol 1e-8): not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 4.79e-06 from the right value)","explained_by":["eps_outside_root"]}],"error":null,"stdout":"","grading_ms":28.3}','{"challenge":"layer_norm","status":"done","score":50.0,"points":9,"max_points":18,"diagnoses":[{"id":"eps_outside_root","message":"Sumas ε fuera de la raíz (divides entre s + ε). La fórmula es √(s_t² + ε): ε se suma a la varianza.","explains":["gamma_beta_per_coordinate","population_deviation","constant_row","eps_inside_root","eps_argument","random_reference"]}],"causes":[],"note":null,"localisation":{"function":"layer_norm","line":8,"code":"return gamma * ((X - mu) / (sigma + eps)) + beta","message":"Hasta la línea 7 tus valores son los de la lección (μ_t, la media de cada fila; s_t, la desviación de cada fila). La línea 8, `return gamma * ((X - mu) / (sigma + eps)) + beta`, es donde se separan: lo que devuelve se aleja hasta 0.778 del valor de la lección (ahí la lección calcula γ ⊙ x̂ + β, la salida)."},"tests":[{"id":"shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"La salida tiene la forma (T, d_model) de la entrada","explained_by":[]},{"id":"rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1","explained_by":[]},{"id":"row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola","explained_by":[]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma y beta se aplican coordenada a coordenada: no se cumple porque tu layer_norm suma ε fuera de la raíz (divide entre s + ε) (se aleja hasta 1.13e-05 del valor correcto)","explained_by":["eps_outside_root"]},{"id":"population_deviation","category":"normalization","passed":false,"points":0,"max_points":1,"message":"La desviación típica es la poblacional (divide entre d_model): no se cumple porque tu layer_norm suma ε fuera de la raíz (divide entre s + ε) (se aleja hasta 3.57e-05 del valor correcto)","explained_by":["eps_outside_root"]},{"id":"constant_row","category":"stability","passed":false,"points":0,"max_points":1,"message":"Una fila constante sale finita (igual a beta): no se cumple porque tu layer_norm suma ε fuera de la raíz (divide entre s + ε) (se aleja hasta 1.51e-05 del valor correcto)","explained_by":["eps_outside_root"]},{"id":"eps_inside_root","category":"stability","passed":false,"points":0,"max_points":1,"message":"ε se suma a la varianza, dentro de la raíz: no se cumple porque tu layer_norm suma ε fuera de la raíz (divide entre s + ε) (se aleja hasta 0.778 del valor correcto)","explained_by":["eps_outside_root"]},{"id":"eps_argument","category":"parameters","passed":false,"points":0,"max_points":1,"message":"Se respeta un eps distinto del valor por defecto: no se cumple porque tu layer_norm suma ε fuera de la raíz (divide entre s + ε) (se aleja hasta 0.152 del valor correcto)","explained_by":["eps_outside_root"]},{"id":"float32_input","category":"stability","passed":true,"points":1,"max_points":1,"message":"Funciona con entrada float32","explained_by":[]},{"id":"large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"Valores grandes (1e8 + ruido) se normalizan bien","explained_by":[]},{"id":"single_coordinate","category":"shape","passed":true,"points":1,"max_points":1,"message":"Con d_model = 1 cada fila sale igual a beta","explained_by":[]},{"id":"inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"No modifica los arrays que recibe","explained_by":[]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8): no se cumple porque tu layer_norm suma ε fuera de la raíz (divide entre s + ε) (se aleja hasta 4.79e-06 del valor correcto)","explained_by":["eps_outside_root"]}],"error":null,"stdout":"","grading_ms":28.3}');
INSERT INTO "results" VALUES(7,'0bd1183531164152b948d71f8134690c',1,'bloque',1,'done',69.44,25,36,NULL,NULL,NULL,'',204.31,'2026-12-04 21:14:09.961003','{"challenge":"bloque","status":"done","score":69.44,"points":25,"max_points":36,"diagnoses":[{"id":"missing_bias_b1","message":"The bias b1 of the perceptron''s first layer is missing: ReLU(H W1 + b1).","explains":["second_residual","norm_parameter_pairs","ffn_relu","ffn_biases","block_random_reference"]},{"id":"missing_bias_b2","message":"The bias b2 of the perceptron''s second layer is missing: ReLU(H W1 + b1) W2 + b2.","explains":["second_residual","norm_parameter_pairs","ffn_relu","ffn_biases","block_random_reference"]}],"causes":[],"note":null,"localisation":{"function":"bloque","line":12,"code":"F = np.maximum(0, H @ p[\"W1\"]) @ p[\"W2\"]","message":"Up to line 11 your values are the lesson''s (X + atencion(X), the first residual sum; μ_t, each row''s mean; H = LayerNorm(X + atencion(X))). Line 12, `F = np.maximum(0, H @ p[\"W1\"]) @ p[\"W2\"]`, is where they part: your F is off from the lesson''s value by up to 20 (there the lesson computes atencion(X))."},"tests":[{"id":"ln_shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"layer_norm: The output has the input''s shape (T, d_model)","explained_by":[]},{"id":"ln_rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"layer_norm: With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1","explained_by":[]},{"id":"ln_row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"layer_norm: Touching row 4 does not move row 0: each row is normalised on its own","explained_by":[]},{"id":"ln_gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"layer_norm: gamma and beta apply coordinate by coordinate","explained_by":[]},{"id":"ln_population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"layer_norm: The standard deviation is the population one (divide by d_model)","explained_by":[]},{"id":"ln_constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: A constant row comes out finite (equal to beta)","explained_by":[]},{"id":"ln_eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: ε is added to the variance, inside the root","explained_by":[]},{"id":"ln_eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"layer_norm: A non-default eps is honoured","explained_by":[]},{"id":"ln_large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: Large values (1e8 + noise) normalise correctly","explained_by":[]},{"id":"ln_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"layer_norm: Does not modify the arrays it receives","explained_by":[]},{"id":"ln_random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"layer_norm: Matches the reference on random inputs (rtol 1e-6, atol 1e-8)","explained_by":[]},{"id":"block_shape","category":"shape","passed":true,"points":2,"max_points":2,"message":"bloque returns (T, d_model), also with T = 1 and d_ff ≠ d_model","explained_by":[]},{"id":"attention_once_on_input","category":"attention","passed":true,"points":2,"max_points":2,"message":"atencion is applied once, to the X entering the block","explained_by":[]},{"id":"first_residual","category":"residual","passed":true,"points":2,"max_points":2,"message":"First sublayer: LayerNorm(X + atencion(X))","explained_by":[]},{"id":"second_residual","category":"residual","passed":false,"points":0,"max_points":2,"message":"Second sublayer: LayerNorm(H + FFN(H)): not met, because your bloque does not add the first layer''s bias b1 and does not add the second layer''s bias b2 (is off by up to 0.935 from the right value)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"post_norm","category":"normalization","passed":true,"points":2,"max_points":2,"message":"The block ends in a layer norm (post-norm)","explained_by":[]},{"id":"norm_parameter_pairs","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma1/beta1 in the first normalisation, gamma2/beta2 in the second: not met, because your bloque does not add the first layer''s bias b1 and does not add the second layer''s bias b2 (is off by up to 0.69 from the right value)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"ffn_relu","category":"ffn","passed":false,"points":0,"max_points":2,"message":"The position-wise perceptron has ReLU between its two layers: not met, because your bloque does not add the first layer''s bias b1 and does not add the second layer''s bias b2 (is off by up to 0.866 from the right value)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"ffn_biases","category":"ffn","passed":false,"points":0,"max_points":2,"message":"Both biases b1 and b2 are added: not met, because your bloque does not add the first layer''s bias b1 and does not add the second layer''s bias b2 (is off by up to 0.436 from the right value)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"block_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"bloque modifies neither X nor the arrays in p","explained_by":[]},{"id":"block_random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Matches the reference on random blocks (rtol 1e-6, atol 1e-8): not met, because your bloque does not add the first layer''s bias b1 and does not add the second layer''s bias b2 (is off by up to 0.537 from the right value)","explained_by":["missing_bias_b1","missing_bias_b2"]}],"error":null,"stdout":"","grading_ms":204.31}','{"challenge":"bloque","status":"done","score":69.44,"points":25,"max_points":36,"diagnoses":[{"id":"missing_bias_b1","message":"Falta el sesgo b1 de la primera capa del perceptrón: ReLU(H W1 + b1).","explains":["second_residual","norm_parameter_pairs","ffn_relu","ffn_biases","block_random_reference"]},{"id":"missing_bias_b2","message":"Falta el sesgo b2 de la segunda capa del perceptrón: ReLU(H W1 + b1) W2 + b2.","explains":["second_residual","norm_parameter_pairs","ffn_relu","ffn_biases","block_random_reference"]}],"causes":[],"note":null,"localisation":{"function":"bloque","line":12,"code":"F = np.maximum(0, H @ p[\"W1\"]) @ p[\"W2\"]","message":"Hasta la línea 11 tus valores son los de la lección (X + atencion(X), la primera suma residual; μ_t, la media de cada fila; H = LayerNorm(X + atencion(X))). La línea 12, `F = np.maximum(0, H @ p[\"W1\"]) @ p[\"W2\"]`, es donde se separan: tu F se aleja hasta 20 del valor de la lección (ahí la lección calcula atencion(X))."},"tests":[{"id":"ln_shape","category":"shape","passed":true,"points":1,"max_points":1,"message":"layer_norm: La salida tiene la forma (T, d_model) de la entrada","explained_by":[]},{"id":"ln_rows_mean0_std1","category":"normalization","passed":true,"points":2,"max_points":2,"message":"layer_norm: Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1","explained_by":[]},{"id":"ln_row_independence","category":"independence","passed":true,"points":2,"max_points":2,"message":"layer_norm: Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola","explained_by":[]},{"id":"ln_gamma_beta_per_coordinate","category":"parameters","passed":true,"points":2,"max_points":2,"message":"layer_norm: gamma y beta se aplican coordenada a coordenada","explained_by":[]},{"id":"ln_population_deviation","category":"normalization","passed":true,"points":1,"max_points":1,"message":"layer_norm: La desviación típica es la poblacional (divide entre d_model)","explained_by":[]},{"id":"ln_constant_row","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: Una fila constante sale finita (igual a beta)","explained_by":[]},{"id":"ln_eps_inside_root","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: ε se suma a la varianza, dentro de la raíz","explained_by":[]},{"id":"ln_eps_argument","category":"parameters","passed":true,"points":1,"max_points":1,"message":"layer_norm: Se respeta un eps distinto del valor por defecto","explained_by":[]},{"id":"ln_large_values","category":"stability","passed":true,"points":1,"max_points":1,"message":"layer_norm: Valores grandes (1e8 + ruido) se normalizan bien","explained_by":[]},{"id":"ln_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"layer_norm: No modifica los arrays que recibe","explained_by":[]},{"id":"ln_random_reference","category":"comparison","passed":true,"points":3,"max_points":3,"message":"layer_norm: Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8)","explained_by":[]},{"id":"block_shape","category":"shape","passed":true,"points":2,"max_points":2,"message":"bloque devuelve (T, d_model), también con T = 1 y d_ff ≠ d_model","explained_by":[]},{"id":"attention_once_on_input","category":"attention","passed":true,"points":2,"max_points":2,"message":"atencion se aplica una vez, a la X que entra en el bloque","explained_by":[]},{"id":"first_residual","category":"residual","passed":true,"points":2,"max_points":2,"message":"Primera subcapa: LayerNorm(X + atencion(X))","explained_by":[]},{"id":"second_residual","category":"residual","passed":false,"points":0,"max_points":2,"message":"Segunda subcapa: LayerNorm(H + FFN(H)): no se cumple porque tu bloque no suma el sesgo b1 de la primera capa y no suma el sesgo b2 de la segunda capa (se aleja hasta 0.935 del valor correcto)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"post_norm","category":"normalization","passed":true,"points":2,"max_points":2,"message":"El bloque termina en un layer norm (post-norm)","explained_by":[]},{"id":"norm_parameter_pairs","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma1/beta1 en la primera normalización, gamma2/beta2 en la segunda: no se cumple porque tu bloque no suma el sesgo b1 de la primera capa y no suma el sesgo b2 de la segunda capa (se aleja hasta 0.69 del valor correcto)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"ffn_relu","category":"ffn","passed":false,"points":0,"max_points":2,"message":"El perceptrón por posiciones lleva ReLU entre sus dos capas: no se cumple porque tu bloque no suma el sesgo b1 de la primera capa y no suma el sesgo b2 de la segunda capa (se aleja hasta 0.866 del valor correcto)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"ffn_biases","category":"ffn","passed":false,"points":0,"max_points":2,"message":"Los dos sesgos b1 y b2 se suman: no se cumple porque tu bloque no suma el sesgo b1 de la primera capa y no suma el sesgo b2 de la segunda capa (se aleja hasta 0.436 del valor correcto)","explained_by":["missing_bias_b1","missing_bias_b2"]},{"id":"block_inputs_untouched","category":"purity","passed":true,"points":1,"max_points":1,"message":"bloque no modifica X ni los arrays de p","explained_by":[]},{"id":"block_random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Coincide con la referencia en bloques aleatorios (rtol 1e-6, atol 1e-8): no se cumple porque tu bloque no suma el sesgo b1 de la primera capa y no suma el sesgo b2 de la segunda capa (se aleja hasta 0.537 del valor correcto)","explained_by":["missing_bias_b1","missing_bias_b2"]}],"error":null,"stdout":"","grading_ms":204.31}');
INSERT INTO "results" VALUES(8,'210b570f848345d8a5fb92c54aa7ec3c',1,'layer_norm',1,'error',0.0,0,18,'syntax','Syntax error on line 1: expected '':''',1,'',12.97,'2026-12-04 21:14:10.046695','{"challenge":"layer_norm","status":"error","score":0.0,"points":0,"max_points":18,"diagnoses":[],"causes":[],"note":null,"localisation":null,"tests":[{"id":"shape","category":"shape","passed":false,"points":0,"max_points":1,"message":"The output has the input''s shape (T, d_model): could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"rows_mean0_std1","category":"normalization","passed":false,"points":0,"max_points":2,"message":"With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"row_independence","category":"independence","passed":false,"points":0,"max_points":2,"message":"Touching row 4 does not move row 0: each row is normalised on its own: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma and beta apply coordinate by coordinate: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"population_deviation","category":"normalization","passed":false,"points":0,"max_points":1,"message":"The standard deviation is the population one (divide by d_model): could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"constant_row","category":"stability","passed":false,"points":0,"max_points":1,"message":"A constant row comes out finite (equal to beta): could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"eps_inside_root","category":"stability","passed":false,"points":0,"max_points":1,"message":"ε is added to the variance, inside the root: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"eps_argument","category":"parameters","passed":false,"points":0,"max_points":1,"message":"A non-default eps is honoured: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"float32_input","category":"stability","passed":false,"points":0,"max_points":1,"message":"Works on float32 input: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"large_values","category":"stability","passed":false,"points":0,"max_points":1,"message":"Large values (1e8 + noise) normalise correctly: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"single_coordinate","category":"shape","passed":false,"points":0,"max_points":1,"message":"With d_model = 1 every row comes out equal to beta: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"inputs_untouched","category":"purity","passed":false,"points":0,"max_points":1,"message":"Does not modify the arrays it receives: could not be checked: the error above prevented it","explained_by":["syntax"]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Matches the reference on random inputs (rtol 1e-6, atol 1e-8): could not be checked: the error above prevented it","explained_by":["syntax"]}],"error":{"kind":"syntax","message":"Syntax error on line 1: expected '':''","line":1,"original":"SyntaxError: expected '':''"},"stdout":"","grading_ms":12.97}','{"challenge":"layer_norm","status":"error","score":0.0,"points":0,"max_points":18,"diagnoses":[],"causes":[],"note":null,"localisation":null,"tests":[{"id":"shape","category":"shape","passed":false,"points":0,"max_points":1,"message":"La salida tiene la forma (T, d_model) de la entrada: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"rows_mean0_std1","category":"normalization","passed":false,"points":0,"max_points":2,"message":"Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"row_independence","category":"independence","passed":false,"points":0,"max_points":2,"message":"Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"gamma_beta_per_coordinate","category":"parameters","passed":false,"points":0,"max_points":2,"message":"gamma y beta se aplican coordenada a coordenada: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"population_deviation","category":"normalization","passed":false,"points":0,"max_points":1,"message":"La desviación típica es la poblacional (divide entre d_model): no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"constant_row","category":"stability","passed":false,"points":0,"max_points":1,"message":"Una fila constante sale finita (igual a beta): no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"eps_inside_root","category":"stability","passed":false,"points":0,"max_points":1,"message":"ε se suma a la varianza, dentro de la raíz: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"eps_argument","category":"parameters","passed":false,"points":0,"max_points":1,"message":"Se respeta un eps distinto del valor por defecto: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"float32_input","category":"stability","passed":false,"points":0,"max_points":1,"message":"Funciona con entrada float32: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"large_values","category":"stability","passed":false,"points":0,"max_points":1,"message":"Valores grandes (1e8 + ruido) se normalizan bien: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"single_coordinate","category":"shape","passed":false,"points":0,"max_points":1,"message":"Con d_model = 1 cada fila sale igual a beta: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"inputs_untouched","category":"purity","passed":false,"points":0,"max_points":1,"message":"No modifica los arrays que recibe: no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]},{"id":"random_reference","category":"comparison","passed":false,"points":0,"max_points":3,"message":"Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8): no se pudo comprobar: el error de arriba lo impidió","explained_by":["syntax"]}],"error":{"kind":"syntax","message":"Error de sintaxis en la línea 1: falta «:»","line":1,"original":"SyntaxError: expected '':''"},"stdout":"","grading_ms":12.97}');
CREATE TABLE roster_members (
	id INTEGER NOT NULL, 
	course_id INTEGER NOT NULL, 
	student VARCHAR(200) NOT NULL, 
	name VARCHAR(200), 
	status VARCHAR(10) NOT NULL, 
	seen_at DATETIME NOT NULL, 
	CONSTRAINT pk_roster_members PRIMARY KEY (id), 
	CONSTRAINT fk_roster_members_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE, 
	CONSTRAINT uq_roster_members_course_id UNIQUE (course_id, student)
);
CREATE TABLE roster_syncs (
	course_id INTEGER NOT NULL, 
	requested_at DATETIME, 
	synced_at DATETIME, 
	members INTEGER NOT NULL, 
	skipped INTEGER NOT NULL, 
	error TEXT, 
	CONSTRAINT pk_roster_syncs PRIMARY KEY (course_id), 
	CONSTRAINT fk_roster_syncs_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE
);
CREATE TABLE students (
	id INTEGER NOT NULL, 
	course_id INTEGER NOT NULL, 
	external_id VARCHAR(200) NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_students PRIMARY KEY (id), 
	CONSTRAINT fk_students_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE, 
	CONSTRAINT uq_students_course_id UNIQUE (course_id, external_id)
);
INSERT INTO "students" VALUES(1,1,'ana','2026-12-04 21:14:07.992767');
INSERT INTO "students" VALUES(2,1,'ben','2026-12-04 21:14:09.364562');
INSERT INTO "students" VALUES(3,1,'carla','2026-12-04 21:14:09.533486');
INSERT INTO "students" VALUES(4,1,'dario','2026-12-04 21:14:09.749896');
INSERT INTO "students" VALUES(5,1,'elena','2026-12-04 21:14:10.024910');
CREATE TABLE submissions (
	id VARCHAR(32) NOT NULL, 
	platform_id INTEGER NOT NULL, 
	api_key_id INTEGER NOT NULL, 
	course_id INTEGER NOT NULL, 
	student_id INTEGER NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	lang VARCHAR(2) NOT NULL, 
	code TEXT NOT NULL, 
	status VARCHAR(10) NOT NULL, 
	score FLOAT, 
	idempotency_key VARCHAR(200), 
	callback_url VARCHAR(2000), 
	attempts INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	started_at DATETIME, 
	finished_at DATETIME, sent_at DATETIME, idempotency_fingerprint VARCHAR(64), 
	CONSTRAINT pk_submissions PRIMARY KEY (id), 
	CONSTRAINT fk_submissions_api_key_id_api_keys FOREIGN KEY(api_key_id) REFERENCES api_keys (id) ON DELETE CASCADE, 
	CONSTRAINT fk_submissions_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE, 
	CONSTRAINT fk_submissions_platform_id_platforms FOREIGN KEY(platform_id) REFERENCES platforms (id) ON DELETE CASCADE, 
	CONSTRAINT fk_submissions_student_id_students FOREIGN KEY(student_id) REFERENCES students (id) ON DELETE CASCADE, 
	CONSTRAINT uq_submissions_platform_id UNIQUE (platform_id, idempotency_key)
);
INSERT INTO "submissions" VALUES('c29fb6bcb3cd4ce1bf62dad4b854be64',1,1,1,1,'layer_norm','en','import numpy as np


class LayerNorm:
    def __init__(self, eps):
        self.eps = eps

    def __call__(self, X, gamma, beta):
        mu = X.mean(1, keepdims=True)
        std = X.std(1, keepdims=True)
        return gamma * ((X - mu) / np.sqrt(std * std + self.eps)) + beta


def layer_norm(X, gamma, beta, eps=1e-5):
    X = X.copy()
    X -= X.mean(axis=1, keepdims=True)  # in place, but on our own copy
    return LayerNorm(eps)(X, gamma, beta)
','done',100.0,NULL,NULL,1,'2026-12-04 21:14:07.992767','2026-12-04 21:14:08.827204','2026-12-04 21:14:08.931775',NULL,NULL);
INSERT INTO "submissions" VALUES('dc39cb6261f4428486ee5f68b1ad1c35',1,1,1,1,'bloque','en','# expect: missing_first_residual, missing_second_residual
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(F, p["gamma2"], p["beta2"])
','done',63.89,NULL,NULL,1,'2026-12-04 21:14:09.010129','2026-12-04 21:14:09.014725','2026-12-04 21:14:09.252947',NULL,NULL);
INSERT INTO "submissions" VALUES('bc84c226b2914a81b2490eaf149e5427',1,1,1,2,'layer_norm','en','# expect: normalizes_by_column
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    media = np.mean(X, axis=0)
    desviacion = np.std(X, axis=0)
    return gamma * (X - media) / np.sqrt(desviacion**2 + eps) + beta
','done',11.11,NULL,NULL,1,'2026-12-04 21:14:09.364562','2026-12-04 21:14:09.386680','2026-12-04 21:14:09.441110',NULL,NULL);
INSERT INTO "submissions" VALUES('2cec2a643c74433a8346737bf2d6ab1c',1,1,1,2,'layer_norm','en','import numpy as np

print("cargando mi layer norm")


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[-1]
    mu = np.einsum("td->t", X) / d
    centered = X - mu[:, None]
    var = np.einsum("td,td->t", centered, centered) / d
    return np.einsum("d,td->td", gamma, centered / np.sqrt(var + eps)[:, None]) + beta


if __name__ == "__main__":
    X = np.arange(12.0).reshape(3, 4)
    print(layer_norm(X, np.ones(4), np.zeros(4)))
','done',100.0,NULL,NULL,1,'2026-12-04 21:14:09.480313','2026-12-04 21:14:09.491741','2026-12-04 21:14:09.516300',NULL,NULL);
INSERT INTO "submissions" VALUES('21ab0b4a45ed4dccaee09cba871bff90',1,1,1,3,'atencion_causal','en','# expect: masks_cross_attention
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    # el decoder no puede mirar el futuro, así que tacho siempre
    M = mascara if mascara is not None else np.triu(np.full((len(Q), len(K)), -np.inf), 1)
    E = Q @ K.T / np.sqrt(Q.shape[1]) + M
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
','done',64.0,NULL,NULL,1,'2026-12-04 21:14:09.533486','2026-12-04 21:14:09.536192','2026-12-04 21:14:09.647456',NULL,NULL);
INSERT INTO "submissions" VALUES('1d21e903950c4b2980a8ecef35214b69',1,1,1,3,'layer_norm','en','# expect: eps_outside_root
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=-1, keepdims=True)
    sigma = np.sqrt(((X - mu) ** 2).mean(axis=-1, keepdims=True))
    return gamma * ((X - mu) / (sigma + eps)) + beta
','done',50.0,NULL,NULL,1,'2026-12-04 21:14:09.686832','2026-12-04 21:14:09.691554','2026-12-04 21:14:09.734087',NULL,NULL);
INSERT INTO "submissions" VALUES('0bd1183531164152b948d71f8134690c',1,1,1,4,'bloque','en','# expect: missing_bias_b1, missing_bias_b2
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0, H @ p["W1"]) @ p["W2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
','done',69.44,NULL,NULL,1,'2026-12-04 21:14:09.749896','2026-12-04 21:14:09.753297','2026-12-04 21:14:09.961773',NULL,NULL);
INSERT INTO "submissions" VALUES('210b570f848345d8a5fb92c54aa7ec3c',1,1,1,5,'layer_norm','en','def layer_norm(X, gamma, beta, eps=1e-5)
    return X
','error',0.0,NULL,NULL,1,'2026-12-04 21:14:10.024910','2026-12-04 21:14:10.032537','2026-12-04 21:14:10.046969',NULL,NULL);
CREATE TABLE test_outcomes (
	id INTEGER NOT NULL, 
	result_id INTEGER NOT NULL, 
	course_id INTEGER NOT NULL, 
	challenge VARCHAR(100) NOT NULL, 
	position INTEGER NOT NULL, 
	test_id VARCHAR(100) NOT NULL, 
	category VARCHAR(60) NOT NULL, 
	passed BOOLEAN NOT NULL, 
	points INTEGER NOT NULL, 
	max_points INTEGER NOT NULL, 
	message TEXT NOT NULL, 
	CONSTRAINT pk_test_outcomes PRIMARY KEY (id), 
	CONSTRAINT fk_test_outcomes_course_id_courses FOREIGN KEY(course_id) REFERENCES courses (id) ON DELETE CASCADE, 
	CONSTRAINT fk_test_outcomes_result_id_results FOREIGN KEY(result_id) REFERENCES results (id) ON DELETE CASCADE
);
INSERT INTO "test_outcomes" VALUES(1,1,1,'layer_norm',0,'shape','shape',1,1,1,'The output has the input''s shape (T, d_model)');
INSERT INTO "test_outcomes" VALUES(2,1,1,'layer_norm',1,'rows_mean0_std1','normalization',1,2,2,'With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1');
INSERT INTO "test_outcomes" VALUES(3,1,1,'layer_norm',2,'row_independence','independence',1,2,2,'Touching row 4 does not move row 0: each row is normalised on its own');
INSERT INTO "test_outcomes" VALUES(4,1,1,'layer_norm',3,'gamma_beta_per_coordinate','parameters',1,2,2,'gamma and beta apply coordinate by coordinate');
INSERT INTO "test_outcomes" VALUES(5,1,1,'layer_norm',4,'population_deviation','normalization',1,1,1,'The standard deviation is the population one (divide by d_model)');
INSERT INTO "test_outcomes" VALUES(6,1,1,'layer_norm',5,'constant_row','stability',1,1,1,'A constant row comes out finite (equal to beta)');
INSERT INTO "test_outcomes" VALUES(7,1,1,'layer_norm',6,'eps_inside_root','stability',1,1,1,'ε is added to the variance, inside the root');
INSERT INTO "test_outcomes" VALUES(8,1,1,'layer_norm',7,'eps_argument','parameters',1,1,1,'A non-default eps is honoured');
INSERT INTO "test_outcomes" VALUES(9,1,1,'layer_norm',8,'float32_input','stability',1,1,1,'Works on float32 input');
INSERT INTO "test_outcomes" VALUES(10,1,1,'layer_norm',9,'large_values','stability',1,1,1,'Large values (1e8 + noise) normalise correctly');
INSERT INTO "test_outcomes" VALUES(11,1,1,'layer_norm',10,'single_coordinate','shape',1,1,1,'With d_model = 1 every row comes out equal to beta');
INSERT INTO "test_outcomes" VALUES(12,1,1,'layer_norm',11,'inputs_untouched','purity',1,1,1,'Does not modify the arrays it receives');
INSERT INTO "test_outcomes" VALUES(13,1,1,'layer_norm',12,'random_reference','comparison',1,3,3,'Matches the reference on random inputs (rtol 1e-6, atol 1e-8)');
INSERT INTO "test_outcomes" VALUES(14,2,1,'bloque',0,'ln_shape','shape',1,1,1,'layer_norm: The output has the input''s shape (T, d_model)');
INSERT INTO "test_outcomes" VALUES(15,2,1,'bloque',1,'ln_rows_mean0_std1','normalization',1,2,2,'layer_norm: With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1');
INSERT INTO "test_outcomes" VALUES(16,2,1,'bloque',2,'ln_row_independence','independence',1,2,2,'layer_norm: Touching row 4 does not move row 0: each row is normalised on its own');
INSERT INTO "test_outcomes" VALUES(17,2,1,'bloque',3,'ln_gamma_beta_per_coordinate','parameters',1,2,2,'layer_norm: gamma and beta apply coordinate by coordinate');
INSERT INTO "test_outcomes" VALUES(18,2,1,'bloque',4,'ln_population_deviation','normalization',1,1,1,'layer_norm: The standard deviation is the population one (divide by d_model)');
INSERT INTO "test_outcomes" VALUES(19,2,1,'bloque',5,'ln_constant_row','stability',1,1,1,'layer_norm: A constant row comes out finite (equal to beta)');
INSERT INTO "test_outcomes" VALUES(20,2,1,'bloque',6,'ln_eps_inside_root','stability',1,1,1,'layer_norm: ε is added to the variance, inside the root');
INSERT INTO "test_outcomes" VALUES(21,2,1,'bloque',7,'ln_eps_argument','parameters',1,1,1,'layer_norm: A non-default eps is honoured');
INSERT INTO "test_outcomes" VALUES(22,2,1,'bloque',8,'ln_large_values','stability',1,1,1,'layer_norm: Large values (1e8 + noise) normalise correctly');
INSERT INTO "test_outcomes" VALUES(23,2,1,'bloque',9,'ln_inputs_untouched','purity',1,1,1,'layer_norm: Does not modify the arrays it receives');
INSERT INTO "test_outcomes" VALUES(24,2,1,'bloque',10,'ln_random_reference','comparison',1,3,3,'layer_norm: Matches the reference on random inputs (rtol 1e-6, atol 1e-8)');
INSERT INTO "test_outcomes" VALUES(25,2,1,'bloque',11,'block_shape','shape',1,2,2,'bloque returns (T, d_model), also with T = 1 and d_ff ≠ d_model');
INSERT INTO "test_outcomes" VALUES(26,2,1,'bloque',12,'attention_once_on_input','attention',1,2,2,'atencion is applied once, to the X entering the block');
INSERT INTO "test_outcomes" VALUES(27,2,1,'bloque',13,'first_residual','residual',0,0,2,'First sublayer: LayerNorm(X + atencion(X)): not met, because your bloque does not add X to the attention''s output (the first residual connection is missing) and does not add H to the perceptron''s output (the second residual connection is missing) (is off by up to 1.85 from the right value)');
INSERT INTO "test_outcomes" VALUES(28,2,1,'bloque',14,'second_residual','residual',0,0,2,'Second sublayer: LayerNorm(H + FFN(H)): not met, because your bloque does not add X to the attention''s output (the first residual connection is missing) and does not add H to the perceptron''s output (the second residual connection is missing) (is off by up to 3.65 from the right value)');
INSERT INTO "test_outcomes" VALUES(29,2,1,'bloque',15,'post_norm','normalization',1,2,2,'The block ends in a layer norm (post-norm)');
INSERT INTO "test_outcomes" VALUES(30,2,1,'bloque',16,'norm_parameter_pairs','parameters',0,0,2,'gamma1/beta1 in the first normalisation, gamma2/beta2 in the second: not met, because your bloque does not add X to the attention''s output (the first residual connection is missing) and does not add H to the perceptron''s output (the second residual connection is missing) (is off by up to 1.05 from the right value)');
INSERT INTO "test_outcomes" VALUES(31,2,1,'bloque',17,'ffn_relu','ffn',0,0,2,'The position-wise perceptron has ReLU between its two layers: not met, because your bloque does not add X to the attention''s output (the first residual connection is missing) (is off by up to 2.93 from the right value)');
INSERT INTO "test_outcomes" VALUES(32,2,1,'bloque',18,'ffn_biases','ffn',0,0,2,'Both biases b1 and b2 are added: not met, because your bloque does not add X to the attention''s output (the first residual connection is missing) and does not add H to the perceptron''s output (the second residual connection is missing) (is off by up to 2.43 from the right value)');
INSERT INTO "test_outcomes" VALUES(33,2,1,'bloque',19,'block_inputs_untouched','purity',1,1,1,'bloque modifies neither X nor the arrays in p');
INSERT INTO "test_outcomes" VALUES(34,2,1,'bloque',20,'block_random_reference','comparison',0,0,3,'Matches the reference on random blocks (rtol 1e-6, atol 1e-8): not met, because your bloque does not add X to the attention''s output (the first residual connection is missing) and does not add H to the perceptron''s output (the second residual connection is missing) (is off by up to 0.815 from the right value)');
INSERT INTO "test_outcomes" VALUES(35,3,1,'layer_norm',0,'shape','shape',1,1,1,'The output has the input''s shape (T, d_model)');
INSERT INTO "test_outcomes" VALUES(36,3,1,'layer_norm',1,'rows_mean0_std1','normalization',0,0,2,'With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (row means [-0.158, -0.038, 0.075, -0.214, 0.335], deviations [0.895, 0.674, 1.245, 1.196, 0.759])');
INSERT INTO "test_outcomes" VALUES(37,3,1,'layer_norm',2,'row_independence','independence',0,0,2,'Touching row 4 does not move row 0: each row is normalised on its own: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (row 0 moved by 1.37)');
INSERT INTO "test_outcomes" VALUES(38,3,1,'layer_norm',3,'gamma_beta_per_coordinate','parameters',0,0,2,'gamma and beta apply coordinate by coordinate: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 2.64 from the right value)');
INSERT INTO "test_outcomes" VALUES(39,3,1,'layer_norm',4,'population_deviation','normalization',0,0,1,'The standard deviation is the population one (divide by d_model): not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 2.66 from the right value)');
INSERT INTO "test_outcomes" VALUES(40,3,1,'layer_norm',5,'constant_row','stability',0,0,1,'A constant row comes out finite (equal to beta): not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 4.55 from the right value)');
INSERT INTO "test_outcomes" VALUES(41,3,1,'layer_norm',6,'eps_inside_root','stability',0,0,1,'ε is added to the variance, inside the root: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 0.84 from the right value)');
INSERT INTO "test_outcomes" VALUES(42,3,1,'layer_norm',7,'eps_argument','parameters',0,0,1,'A non-default eps is honoured: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 0.71 from the right value)');
INSERT INTO "test_outcomes" VALUES(43,3,1,'layer_norm',8,'float32_input','stability',0,0,1,'Works on float32 input: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 1.55 from the right value)');
INSERT INTO "test_outcomes" VALUES(44,3,1,'layer_norm',9,'large_values','stability',0,0,1,'Large values (1e8 + noise) normalise correctly: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 1.61 from the right value)');
INSERT INTO "test_outcomes" VALUES(45,3,1,'layer_norm',10,'single_coordinate','shape',0,0,1,'With d_model = 1 every row comes out equal to beta: not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 2.92 from the right value)');
INSERT INTO "test_outcomes" VALUES(46,3,1,'layer_norm',11,'inputs_untouched','purity',1,1,1,'Does not modify the arrays it receives');
INSERT INTO "test_outcomes" VALUES(47,3,1,'layer_norm',12,'random_reference','comparison',0,0,3,'Matches the reference on random inputs (rtol 1e-6, atol 1e-8): not met, because your layer_norm normalises by column (axis=0), as batch normalisation does (is off by up to 1.44 from the right value)');
INSERT INTO "test_outcomes" VALUES(48,4,1,'layer_norm',0,'shape','shape',1,1,1,'The output has the input''s shape (T, d_model)');
INSERT INTO "test_outcomes" VALUES(49,4,1,'layer_norm',1,'rows_mean0_std1','normalization',1,2,2,'With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1');
INSERT INTO "test_outcomes" VALUES(50,4,1,'layer_norm',2,'row_independence','independence',1,2,2,'Touching row 4 does not move row 0: each row is normalised on its own');
INSERT INTO "test_outcomes" VALUES(51,4,1,'layer_norm',3,'gamma_beta_per_coordinate','parameters',1,2,2,'gamma and beta apply coordinate by coordinate');
INSERT INTO "test_outcomes" VALUES(52,4,1,'layer_norm',4,'population_deviation','normalization',1,1,1,'The standard deviation is the population one (divide by d_model)');
INSERT INTO "test_outcomes" VALUES(53,4,1,'layer_norm',5,'constant_row','stability',1,1,1,'A constant row comes out finite (equal to beta)');
INSERT INTO "test_outcomes" VALUES(54,4,1,'layer_norm',6,'eps_inside_root','stability',1,1,1,'ε is added to the variance, inside the root');
INSERT INTO "test_outcomes" VALUES(55,4,1,'layer_norm',7,'eps_argument','parameters',1,1,1,'A non-default eps is honoured');
INSERT INTO "test_outcomes" VALUES(56,4,1,'layer_norm',8,'float32_input','stability',1,1,1,'Works on float32 input');
INSERT INTO "test_outcomes" VALUES(57,4,1,'layer_norm',9,'large_values','stability',1,1,1,'Large values (1e8 + noise) normalise correctly');
INSERT INTO "test_outcomes" VALUES(58,4,1,'layer_norm',10,'single_coordinate','shape',1,1,1,'With d_model = 1 every row comes out equal to beta');
INSERT INTO "test_outcomes" VALUES(59,4,1,'layer_norm',11,'inputs_untouched','purity',1,1,1,'Does not modify the arrays it receives');
INSERT INTO "test_outcomes" VALUES(60,4,1,'layer_norm',12,'random_reference','comparison',1,3,3,'Matches the reference on random inputs (rtol 1e-6, atol 1e-8)');
INSERT INTO "test_outcomes" VALUES(61,5,1,'atencion_causal',0,'mask_shape','shape',1,1,1,'mascara_causal(T) has shape (T, T)');
INSERT INTO "test_outcomes" VALUES(62,5,1,'atencion_causal',1,'mask_values','mask',1,2,2,'mascara_causal is 0 on and below the diagonal, −∞ above it');
INSERT INTO "test_outcomes" VALUES(63,5,1,'atencion_causal',2,'mask_live_cells','mask',1,1,1,'mascara_causal(5) keeps 15 of the 25 cells alive');
INSERT INTO "test_outcomes" VALUES(64,5,1,'atencion_causal',3,'shape_self','shape',1,1,1,'Self-attention: pesos (T, T) and salida (T, d_v)');
INSERT INTO "test_outcomes" VALUES(65,5,1,'atencion_causal',4,'shape_cross','shape',1,1,1,'Cross-attention: a rectangular pesos (T_y, T_x) and salida (T_y, d_v)');
INSERT INTO "test_outcomes" VALUES(66,5,1,'atencion_causal',5,'first_row_one_hot','mask',1,1,1,'With the mask, row 0 of pesos is [1, 0, …, 0]');
INSERT INTO "test_outcomes" VALUES(67,5,1,'atencion_causal',6,'masked_cells_dead','mask',1,2,2,'With the mask and T = 5, 15 of 25 cells of pesos stay alive and the future weighs 0');
INSERT INTO "test_outcomes" VALUES(68,5,1,'atencion_causal',7,'rows_sum_to_one','normalization',1,2,2,'Every row of pesos sums to 1');
INSERT INTO "test_outcomes" VALUES(69,5,1,'atencion_causal',8,'causality','causality',1,3,3,'Rewriting positions 4 and 5 moves the first three outputs by exactly 0.0');
INSERT INTO "test_outcomes" VALUES(70,5,1,'atencion_causal',9,'cross_attention_unmasked','mask',0,0,2,'Without a mask (mascara=None) the whole source is read: no weight is 0: not met, because your atencion masks even when mascara is None, the cross-attention too (20 of the 35 cells weigh 0; row 0 looks at 1 of 7 positions)');
INSERT INTO "test_outcomes" VALUES(71,5,1,'atencion_causal',10,'uses_given_mask','mask',1,1,1,'The mask received is added, whatever it is');
INSERT INTO "test_outcomes" VALUES(72,5,1,'atencion_causal',11,'large_scores','stability',0,0,2,'Large scores give neither NaN nor inf: not met, because your atencion masks even when mascara is None, the cross-attention too (salida: is off by up to 1.85 from the right value)');
INSERT INTO "test_outcomes" VALUES(73,5,1,'atencion_causal',12,'scaling','scaling',0,0,2,'The scores are divided by √d_k: not met, because your atencion masks even when mascara is None, the cross-attention too (salida: is off by up to 0.857 from the right value)');
INSERT INTO "test_outcomes" VALUES(74,5,1,'atencion_causal',13,'inputs_untouched','purity',1,1,1,'Does not modify the arrays it receives');
INSERT INTO "test_outcomes" VALUES(75,5,1,'atencion_causal',14,'random_reference','comparison',0,0,3,'(salida, pesos) match the reference on random inputs (rtol 1e-6, atol 1e-9): not met, because your atencion masks even when mascara is None, the cross-attention too (salida: is off by up to 1.23 from the right value)');
INSERT INTO "test_outcomes" VALUES(76,6,1,'layer_norm',0,'shape','shape',1,1,1,'The output has the input''s shape (T, d_model)');
INSERT INTO "test_outcomes" VALUES(77,6,1,'layer_norm',1,'rows_mean0_std1','normalization',1,2,2,'With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1');
INSERT INTO "test_outcomes" VALUES(78,6,1,'layer_norm',2,'row_independence','independence',1,2,2,'Touching row 4 does not move row 0: each row is normalised on its own');
INSERT INTO "test_outcomes" VALUES(79,6,1,'layer_norm',3,'gamma_beta_per_coordinate','parameters',0,0,2,'gamma and beta apply coordinate by coordinate: not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 1.13e-05 from the right value)');
INSERT INTO "test_outcomes" VALUES(80,6,1,'layer_norm',4,'population_deviation','normalization',0,0,1,'The standard deviation is the population one (divide by d_model): not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 3.57e-05 from the right value)');
INSERT INTO "test_outcomes" VALUES(81,6,1,'layer_norm',5,'constant_row','stability',0,0,1,'A constant row comes out finite (equal to beta): not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 1.51e-05 from the right value)');
INSERT INTO "test_outcomes" VALUES(82,6,1,'layer_norm',6,'eps_inside_root','stability',0,0,1,'ε is added to the variance, inside the root: not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 0.778 from the right value)');
INSERT INTO "test_outcomes" VALUES(83,6,1,'layer_norm',7,'eps_argument','parameters',0,0,1,'A non-default eps is honoured: not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 0.152 from the right value)');
INSERT INTO "test_outcomes" VALUES(84,6,1,'layer_norm',8,'float32_input','stability',1,1,1,'Works on float32 input');
INSERT INTO "test_outcomes" VALUES(85,6,1,'layer_norm',9,'large_values','stability',1,1,1,'Large values (1e8 + noise) normalise correctly');
INSERT INTO "test_outcomes" VALUES(86,6,1,'layer_norm',10,'single_coordinate','shape',1,1,1,'With d_model = 1 every row comes out equal to beta');
INSERT INTO "test_outcomes" VALUES(87,6,1,'layer_norm',11,'inputs_untouched','purity',1,1,1,'Does not modify the arrays it receives');
INSERT INTO "test_outcomes" VALUES(88,6,1,'layer_norm',12,'random_reference','comparison',0,0,3,'Matches the reference on random inputs (rtol 1e-6, atol 1e-8): not met, because your layer_norm adds ε outside the root (divides by s + ε) (is off by up to 4.79e-06 from the right value)');
INSERT INTO "test_outcomes" VALUES(89,7,1,'bloque',0,'ln_shape','shape',1,1,1,'layer_norm: The output has the input''s shape (T, d_model)');
INSERT INTO "test_outcomes" VALUES(90,7,1,'bloque',1,'ln_rows_mean0_std1','normalization',1,2,2,'layer_norm: With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1');
INSERT INTO "test_outcomes" VALUES(91,7,1,'bloque',2,'ln_row_independence','independence',1,2,2,'layer_norm: Touching row 4 does not move row 0: each row is normalised on its own');
INSERT INTO "test_outcomes" VALUES(92,7,1,'bloque',3,'ln_gamma_beta_per_coordinate','parameters',1,2,2,'layer_norm: gamma and beta apply coordinate by coordinate');
INSERT INTO "test_outcomes" VALUES(93,7,1,'bloque',4,'ln_population_deviation','normalization',1,1,1,'layer_norm: The standard deviation is the population one (divide by d_model)');
INSERT INTO "test_outcomes" VALUES(94,7,1,'bloque',5,'ln_constant_row','stability',1,1,1,'layer_norm: A constant row comes out finite (equal to beta)');
INSERT INTO "test_outcomes" VALUES(95,7,1,'bloque',6,'ln_eps_inside_root','stability',1,1,1,'layer_norm: ε is added to the variance, inside the root');
INSERT INTO "test_outcomes" VALUES(96,7,1,'bloque',7,'ln_eps_argument','parameters',1,1,1,'layer_norm: A non-default eps is honoured');
INSERT INTO "test_outcomes" VALUES(97,7,1,'bloque',8,'ln_large_values','stability',1,1,1,'layer_norm: Large values (1e8 + noise) normalise correctly');
INSERT INTO "test_outcomes" VALUES(98,7,1,'bloque',9,'ln_inputs_untouched','purity',1,1,1,'layer_norm: Does not modify the arrays it receives');
INSERT INTO "test_outcomes" VALUES(99,7,1,'bloque',10,'ln_random_reference','comparison',1,3,3,'layer_norm: Matches the reference on random inputs (rtol 1e-6, atol 1e-8)');
INSERT INTO "test_outcomes" VALUES(100,7,1,'bloque',11,'block_shape','shape',1,2,2,'bloque returns (T, d_model), also with T = 1 and d_ff ≠ d_model');
INSERT INTO "test_outcomes" VALUES(101,7,1,'bloque',12,'attention_once_on_input','attention',1,2,2,'atencion is applied once, to the X entering the block');
INSERT INTO "test_outcomes" VALUES(102,7,1,'bloque',13,'first_residual','residual',1,2,2,'First sublayer: LayerNorm(X + atencion(X))');
INSERT INTO "test_outcomes" VALUES(103,7,1,'bloque',14,'second_residual','residual',0,0,2,'Second sublayer: LayerNorm(H + FFN(H)): not met, because your bloque does not add the first layer''s bias b1 and does not add the second layer''s bias b2 (is off by up to 0.935 from the right value)');
INSERT INTO "test_outcomes" VALUES(104,7,1,'bloque',15,'post_norm','normalization',1,2,2,'The block ends in a layer norm (post-norm)');
INSERT INTO "test_outcomes" VALUES(105,7,1,'bloque',16,'norm_parameter_pairs','parameters',0,0,2,'gamma1/beta1 in the first normalisation, gamma2/beta2 in the second: not met, because your bloque does not add the first layer''s bias b1 and does not add the second layer''s bias b2 (is off by up to 0.69 from the right value)');
INSERT INTO "test_outcomes" VALUES(106,7,1,'bloque',17,'ffn_relu','ffn',0,0,2,'The position-wise perceptron has ReLU between its two layers: not met, because your bloque does not add the first layer''s bias b1 and does not add the second layer''s bias b2 (is off by up to 0.866 from the right value)');
INSERT INTO "test_outcomes" VALUES(107,7,1,'bloque',18,'ffn_biases','ffn',0,0,2,'Both biases b1 and b2 are added: not met, because your bloque does not add the first layer''s bias b1 and does not add the second layer''s bias b2 (is off by up to 0.436 from the right value)');
INSERT INTO "test_outcomes" VALUES(108,7,1,'bloque',19,'block_inputs_untouched','purity',1,1,1,'bloque modifies neither X nor the arrays in p');
INSERT INTO "test_outcomes" VALUES(109,7,1,'bloque',20,'block_random_reference','comparison',0,0,3,'Matches the reference on random blocks (rtol 1e-6, atol 1e-8): not met, because your bloque does not add the first layer''s bias b1 and does not add the second layer''s bias b2 (is off by up to 0.537 from the right value)');
INSERT INTO "test_outcomes" VALUES(110,8,1,'layer_norm',0,'shape','shape',0,0,1,'The output has the input''s shape (T, d_model): could not be checked: the error above prevented it');
INSERT INTO "test_outcomes" VALUES(111,8,1,'layer_norm',1,'rows_mean0_std1','normalization',0,0,2,'With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1: could not be checked: the error above prevented it');
INSERT INTO "test_outcomes" VALUES(112,8,1,'layer_norm',2,'row_independence','independence',0,0,2,'Touching row 4 does not move row 0: each row is normalised on its own: could not be checked: the error above prevented it');
INSERT INTO "test_outcomes" VALUES(113,8,1,'layer_norm',3,'gamma_beta_per_coordinate','parameters',0,0,2,'gamma and beta apply coordinate by coordinate: could not be checked: the error above prevented it');
INSERT INTO "test_outcomes" VALUES(114,8,1,'layer_norm',4,'population_deviation','normalization',0,0,1,'The standard deviation is the population one (divide by d_model): could not be checked: the error above prevented it');
INSERT INTO "test_outcomes" VALUES(115,8,1,'layer_norm',5,'constant_row','stability',0,0,1,'A constant row comes out finite (equal to beta): could not be checked: the error above prevented it');
INSERT INTO "test_outcomes" VALUES(116,8,1,'layer_norm',6,'eps_inside_root','stability',0,0,1,'ε is added to the variance, inside the root: could not be checked: the error above prevented it');
INSERT INTO "test_outcomes" VALUES(117,8,1,'layer_norm',7,'eps_argument','parameters',0,0,1,'A non-default eps is honoured: could not be checked: the error above prevented it');
INSERT INTO "test_outcomes" VALUES(118,8,1,'layer_norm',8,'float32_input','stability',0,0,1,'Works on float32 input: could not be checked: the error above prevented it');
INSERT INTO "test_outcomes" VALUES(119,8,1,'layer_norm',9,'large_values','stability',0,0,1,'Large values (1e8 + noise) normalise correctly: could not be checked: the error above prevented it');
INSERT INTO "test_outcomes" VALUES(120,8,1,'layer_norm',10,'single_coordinate','shape',0,0,1,'With d_model = 1 every row comes out equal to beta: could not be checked: the error above prevented it');
INSERT INTO "test_outcomes" VALUES(121,8,1,'layer_norm',11,'inputs_untouched','purity',0,0,1,'Does not modify the arrays it receives: could not be checked: the error above prevented it');
INSERT INTO "test_outcomes" VALUES(122,8,1,'layer_norm',12,'random_reference','comparison',0,0,3,'Matches the reference on random inputs (rtol 1e-6, atol 1e-8): could not be checked: the error above prevented it');
CREATE TABLE webhook_deliveries (
	id INTEGER NOT NULL, 
	submission_id VARCHAR(32) NOT NULL, 
	url VARCHAR(2000) NOT NULL, 
	attempt INTEGER NOT NULL, 
	status_code INTEGER, 
	error TEXT, 
	delivered BOOLEAN NOT NULL, 
	duration_ms FLOAT NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_webhook_deliveries PRIMARY KEY (id), 
	CONSTRAINT fk_webhook_deliveries_submission_id_submissions FOREIGN KEY(submission_id) REFERENCES submissions (id) ON DELETE CASCADE
);
CREATE TABLE workers (
	name VARCHAR(200) NOT NULL, 
	layers TEXT NOT NULL, 
	started_at DATETIME NOT NULL, 
	seen_at DATETIME NOT NULL, 
	CONSTRAINT pk_workers PRIMARY KEY (name)
);
CREATE INDEX ix_submissions_course_challenge_created ON submissions (course_id, challenge, created_at);
CREATE INDEX ix_submissions_platform_created ON submissions (platform_id, created_at);
CREATE INDEX ix_submissions_status_created ON submissions (status, created_at);
CREATE INDEX ix_submissions_student_created ON submissions (student_id, created_at);
CREATE INDEX ix_results_course_challenge ON results (course_id, challenge);
CREATE INDEX ix_webhook_deliveries_submission_id ON webhook_deliveries (submission_id);
CREATE INDEX ix_diagnoses_course_challenge_diagnosis ON diagnoses (course_id, challenge, diagnosis_id);
CREATE INDEX ix_diagnoses_result_id ON diagnoses (result_id);
CREATE INDEX ix_test_outcomes_course_challenge_test ON test_outcomes (course_id, challenge, test_id);
CREATE INDEX ix_test_outcomes_result_id ON test_outcomes (result_id);
CREATE INDEX ix_regrades_course ON regrades (course);
CREATE INDEX ix_dashboard_sessions_instructor_id ON dashboard_sessions (instructor_id);
CREATE INDEX ix_lti_values_expires_at ON lti_values (expires_at);
CREATE INDEX ix_lti_registrations_platform_id ON lti_registrations (platform_id);
CREATE INDEX ix_lti_scores_link_id ON lti_scores (link_id);
CREATE INDEX ix_api_keys_platform_id ON api_keys (platform_id);
CREATE INDEX ix_agg_student_challenges_best ON agg_student_challenges (course_id, challenge, best, external_id);
CREATE INDEX ix_agg_students_external_id ON agg_students (course_id, external_id);
CREATE INDEX ix_agg_students_attempts ON agg_students (course_id, attempts, external_id);
CREATE INDEX ix_agg_students_last_at ON agg_students (course_id, last_at, external_id);
CREATE INDEX ix_submissions_course_created ON submissions (course_id, created_at, id);
CREATE INDEX ix_refused_attempts_student_challenge ON refused_attempts (student_id, challenge, created_at);
COMMIT;
