# One image for every role: `autograder migrate`, the API (uvicorn) and `autograder worker`.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    AUTOGRADER_DATA_DIR=/data \
    AUTOGRADER_HOST=0.0.0.0 \
    AUTOGRADER_CHALLENGES_DIR=/app/challenges \
    AUTOGRADER_MIGRATIONS_DIR=/app/migrations

# libseccomp2: the sandbox's system-call filter (pyseccomp loads it).
RUN apt-get update \
    && apt-get install -y --no-install-recommends libseccomp2 \
    && rm -rf /var/lib/apt/lists/*

# The service's own user. The worker alone runs as root (docker-compose.yml says why): building a
# sandbox needs CAP_SYS_ADMIN and CAP_SETUID, and every child drops to a uid of its slot.
RUN useradd --system --uid 10001 --user-group --home-dir /data --no-create-home autograder \
    && mkdir -p /data && chown autograder:autograder /data && chmod 0700 /data

WORKDIR /app
# Dependencies in a layer of their own, from the hashed lock: a code change does not reinstall them.
COPY requirements.lock ./
RUN pip install --require-hashes --no-deps -r requirements.lock

# The code, installed (not editable) from a copy that is then removed; data folders beside it.
COPY pyproject.toml README.md /tmp/src/
COPY grader /tmp/src/grader
COPY service /tmp/src/service
RUN pip install --no-deps /tmp/src && rm -rf /tmp/src
COPY alembic.ini ./
COPY migrations migrations
COPY challenges challenges

USER autograder
EXPOSE 8000
CMD ["autograder", "serve"]
