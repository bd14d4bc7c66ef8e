"""Running experiments: the experiment file (its keys, validation and cells), the runner
(chunks, manifest, resume, summaries) and the records' decoded columns."""
