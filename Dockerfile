# One image for every role: `autograder migrate`, the API (uvicorn) and `autograder worker`.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    AUTOGRADER_DATA_DIR=/data \
    AUTOGRADER_HOST=0.0.0.0

# libseccomp2: the sandbox's system-call filter (pyseccomp loads it).
RUN apt-get update \
    && apt-get install -y --no-install-recommends libseccomp2 \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md alembic.ini ./
COPY grader grader
COPY service service
COPY migrations migrations
COPY challenges challenges
# Editable: migrations/ and challenges/ are found next to the code, as in a clone.
RUN pip install -e . && mkdir -p /data

EXPOSE 8000
CMD ["autograder", "serve"]
