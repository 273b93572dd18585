"""gunicorn settings shared by every way this app is served: `make run`, the Docker image, the e2e and
benchmark servers (scripts/e2e-server.sh, backend/bench/*), `make loadtest` and the fuzz run. gunicorn
reads ./gunicorn.conf.py from the directory it starts in, and all of them start it in backend/; each
still names its own --bind and --workers on the command line.

Threads (gthread), not sync workers: a sync worker serves one request at a time, so on a cold editor
load the ~15 JavaScript chunks whitenoise serves, `/auth/me/`, the design and `POST /evaluate/`
queued behind each other on 2 workers (about 200 ms in the browser benchmark, docs/performance.md,
"The editor in the browser"). With 4 threads a worker serves a static file while another thread waits
on PostgreSQL or evaluates. Each thread has its own database connection (Django's are per thread).
"""

worker_class = "gthread"
threads = 4
