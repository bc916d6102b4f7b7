# Fleetwright, the bot, as one process (one or more shards) of a deployment: compose.yaml runs it
# with PostgreSQL.  Configuration comes from the environment (DISCORD_TOKEN, DATABASE, SHARD_COUNT,
# SHARD_IDS, LOG_LEVEL, ...: README, "Running it for many servers").
FROM python:3.11-slim

ENV PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    MPLCONFIGDIR=/tmp/matplotlib

WORKDIR /app
# The maps and scenarios (data/) are read next to the code, so the project is installed where it lies.
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY data ./data
RUN pip install -e . \
    && useradd --create-home --uid 10001 --shell /usr/sbin/nologin fleetwright \
    && mkdir -p /var/lib/fleetwright && chown fleetwright /var/lib/fleetwright

USER fleetwright
# Only for an SQLite DATABASE (the default when none is given): keep the file on a volume.
WORKDIR /var/lib/fleetwright
ENV DATABASE=/var/lib/fleetwright/fleetwright.db

# The store answers from this container: the database is reachable with these credentials.
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
    CMD ["python", "-m", "bot", "migrate"]

# Logs to stdout (the bot logs to stderr; exec keeps the bot as PID 1, so SIGTERM stops it cleanly).
CMD ["sh", "-c", "exec python -m bot run 2>&1"]
